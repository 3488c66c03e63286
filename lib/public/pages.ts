import type { ComponentStatus } from "@/lib/components/schemas";
import { html, SafeHtml } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { INDICATOR_STATUS, worse } from "@/lib/status/labels";
import { assetLink } from "./assets";
import { hasAccent, imageLink } from "./brand";
import { addDays, dateIn, type DayRange } from "./days";
import {
  PLAIN_BRAND,
  RECENT_DAYS,
  UPTIME_DAYS,
  type PublicData,
  type PublicIncident,
  type PublicMaintenance,
  type PublicWorkspace,
} from "./load";
import { overallOf } from "./overall";
import type { DayUptime, Uptime } from "./uptime";
import type { View } from "./view";

/**
 * The public pages as HTML, built once per change of the data and language and served from
 * memory: no cookies, no session, the same bytes for every visitor of a language. Times are
 * written in the page's time zone inside `<time datetime>`; /status.js rewrites them in the
 * visitor's own.
 */

// Shapes as well as colours tell the statuses apart.
const ICON_PATH: Record<ComponentStatus | "none", string> = {
  operational: "M4.5 8.5l2.5 2.5 4.5-5",
  under_maintenance: "M5 5l6 6M11 5l-2 2",
  degraded_performance: "M8 4.5v4.5M8 11.5v.01",
  partial_outage: "M5 8h6",
  major_outage: "M5.5 5.5l5 5M10.5 5.5l-5 5",
  none: "M4.5 8.5l2.5 2.5 4.5-5",
};

function icon(status: ComponentStatus | "none"): SafeHtml {
  return html`<svg class="icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <circle cx="8" cy="8" r="7.5" />
    <path d="${ICON_PATH[status]}" />
  </svg>`;
}

/** A moment in the page's zone, until the visitor's browser writes it in their own. */
function moment(view: View, ws: PublicWorkspace, date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}" data-local>${view.tr.dateTime(date, ws.timeZone)}</time>`;
}

/** The page's logo (light and dark), or its name. */
function siteName(ws: PublicWorkspace, view: View): SafeHtml {
  const { logo_light: light, logo_dark: dark } = ws.brand.images;
  const label = view.tr.t("page.home", { name: ws.name });
  if (!light && !dark) {
    return html`<a class="site-name" href="${view.link("/")}">${ws.name}</a>`;
  }
  const main = light ? imageLink("logo_light", light) : imageLink("logo_dark", dark!);
  return html`<a class="site-name logo" href="${view.link("/")}" aria-label="${label}"><picture>${
    light && dark
      ? html`<source srcset="${imageLink("logo_dark", dark)}" media="(prefers-color-scheme: dark)">`
      : ""
  }<img src="${main}" alt="${ws.name}"></picture></a>`;
}

function languageSwitcher(view: View, path: string): SafeHtml {
  return html`<details class="languages">
<summary><span class="visually-hidden">${view.tr.t("text.heading", { label: view.tr.t("page.language") })} </span>${LOCALE_NAMES[view.locale]}</summary>
<ul class="menu">
${LOCALES.map(
  (locale) =>
    html`<li><a href="${view.linkIn(path, locale)}" hreflang="${locale}" lang="${locale}"${locale === view.locale ? html` aria-current="true"` : ""}>${LOCALE_NAMES[locale]}</a></li>
`,
)}</ul>
</details>`;
}

export function layout(
  ws: PublicWorkspace,
  view: View,
  {
    title,
    description,
    body,
    path = "/",
    locked = false,
  }: {
    title: string;
    description: string;
    body: SafeHtml;
    path?: string;
    /** A private page to a visitor who may not read it: no links to what it would show. */
    locked?: boolean;
  },
): string {
  const { t } = view.tr;
  const brand = ws.brand;
  const favicon = brand.images.favicon;
  return html`<!doctype html>
<html lang="${view.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="canonical" href="${view.url(path)}">
<link rel="icon" href="${favicon ? imageLink("favicon", favicon) : assetLink("/icon.svg")}"${favicon ? "" : html` type="image/svg+xml"`}>
<link rel="stylesheet" href="${assetLink("/status.css")}">
${hasAccent(ws) ? html`<link rel="stylesheet" href="${brandCssLink(ws, view)}">` : ""}
${
  locked
    ? ""
    : html`<link rel="alternate" type="application/rss+xml" title="${t("page.feedTitleRss", { name: ws.name })}" href="${view.link("/history.rss")}">
<link rel="alternate" type="application/atom+xml" title="${t("page.feedTitleAtom", { name: ws.name })}" href="${view.link("/history.atom")}">`
}
${LOCALES.map((locale) => html`<link rel="alternate" hreflang="${locale}" href="${view.urlIn(path, locale)}">`)}
<script src="${assetLink("/status.js")}" defer></script>
</head>
<body>
<a class="skip" href="#main">${t("page.skip")}</a>
<header class="masthead">
<div class="wrap">
${siteName(ws, view)}
<div class="masthead-tools">
${
  brand.headerLinks.length || brand.supportUrl
    ? html`<nav class="site-links" aria-label="${t("page.siteLinks")}">${brand.headerLinks.map(
        (link) => html`<a href="${link.url}" rel="noopener">${link.label}</a>`,
      )}${brand.supportUrl ? html`<a href="${brand.supportUrl}" rel="noopener">${t("page.support")}</a>` : ""}</nav>`
    : ""
}
${languageSwitcher(view, path)}
${locked ? "" : subscribeMenu(view)}
${
  view.site.signedIn
    ? html`<form class="sign-out" method="post" action="${view.site.base}/access"><input type="hidden" name="signOut" value="1"><button type="submit">${t("private.signOut")}</button></form>`
    : ""
}
</div>
</div>
</header>
<main id="main" class="wrap">
${body}
</main>
<footer class="wrap footer">
${brand.footerText ? html`<div class="footer-text">${markdownToHtml(brand.footerText)}</div>` : ""}
${
  locked
    ? ""
    : html`<nav aria-label="${t("page.more")}">
<a href="${view.link("/history")}">${t("page.history")}</a>
<a href="${view.link("/history.rss")}">${t("page.rss")}</a>
<a href="${view.link("/history.atom")}">${t("page.atom")}</a>
</nav>`
}
${brand.showPoweredBy ? html`<p class="powered">${t("page.poweredBy", { product: "Allclear" })}</p>` : ""}
</footer>
</body>
</html>
`.value;
}

/** How to follow the page: by email, or in a feed reader. */
function subscribeMenu(view: View): SafeHtml {
  const { t } = view.tr;
  return html`<details class="subscribe">
<summary>${t("page.subscribe")}</summary>
<div class="menu">
<form class="subscribe-form" method="post" action="${view.site.base}/public/subscriptions">
<input type="hidden" name="locale" value="${view.locale}">
<label for="subscribe-email">${t("page.emailAddress")}</label>
<input id="subscribe-email" type="email" name="email" required autocomplete="email" maxlength="254">
<div class="trap" aria-hidden="true"><label for="subscribe-website">${t("page.leaveEmpty")}</label><input id="subscribe-website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">${t("page.subscribeByEmail")}</button>
</form>
<a href="${view.link("/public/subscriptions")}">${t("page.chooseComponents")}</a>
<a href="${view.link("/history.rss")}">${t("page.rssFeed")}</a>
<a href="${view.link("/history.atom")}">${t("page.atomFeed")}</a>
</div>
</details>`;
}

/** The address of the page's accent stylesheet, versioned by the colours. */
function brandCssLink(ws: PublicWorkspace, view: View): string {
  const { accentColor, accentColorDark } = ws.brand;
  return `${view.site.base}/brand.css?v=${encodeURIComponent(`${accentColor ?? ""}-${accentColorDark ?? ""}`.replaceAll("#", ""))}`;
}

function timeline(
  view: View,
  ws: PublicWorkspace,
  updates: { status: string; body: string; at: Date; edited?: boolean }[],
): SafeHtml {
  return html`<ol class="timeline">
${updates.map(
  (u) => html`<li>
<p class="update-head"><strong>${u.status}</strong> ${moment(view, ws, u.at)}${u.edited ? html` <span class="edited">${view.tr.t("status.edited")}</span>` : ""}</p>
${markdownToHtml(u.body)}
</li>
`,
)}</ol>`;
}

function incidentTimeline(view: View, ws: PublicWorkspace, incident: PublicIncident): SafeHtml {
  return timeline(
    view,
    ws,
    incident.updates.map((u) => ({
      status: view.tr.t(`incident.${u.status}`),
      body: u.body,
      at: u.createdAt,
      edited: u.editedAt !== null,
    })),
  );
}

function affects(data: PublicData, view: View, ids: string[]): SafeHtml {
  const names = new Map(data.components.map((c) => [c.id, c.name]));
  const named = ids.flatMap((id) => names.get(id) ?? []);
  return named.length
    ? html`<p class="affects">${view.tr.t("status.affects", { names: view.tr.list(named) })}</p>`
    : html``;
}

/**
 * How long a resolved incident lasted. An open one says when it started instead: a page is kept
 * while nothing changes, so a running count would go stale.
 */
function lasted(view: View, incident: PublicIncident & { resolvedAt: Date }): string {
  return view.tr.t("status.resolvedAfter", {
    duration: view.tr.duration(incident.resolvedAt.getTime() - incident.startedAt.getTime()),
  });
}

/** What the latest update of an open incident promised: when it ends, when the next word comes. */
function promises(view: View, ws: PublicWorkspace, incident: PublicIncident): SafeHtml {
  const latest = incident.updates[0];
  if (incident.resolvedAt || !latest) return html``;
  const lines = [
    latest.estimatedResolutionAt
      ? view.tr.th("incident.estimatedResolution", {
          time: moment(view, ws, latest.estimatedResolutionAt),
        })
      : null,
    latest.nextUpdateBy
      ? view.tr.th("incident.nextUpdateBy", { time: moment(view, ws, latest.nextUpdateBy) })
      : null,
  ].filter((line) => line !== null);
  return lines.length
    ? html`<p class="promises">${lines.map((line, i) => html`${i ? html`<br>` : ""}${line}`)}</p>`
    : html``;
}

function incidentCard(
  data: PublicData,
  view: View,
  incident: PublicIncident,
  level: "h3" | "h4",
): SafeHtml {
  const title = html`<a href="${view.link(`/incidents/${incident.id}`)}">${incident.title}</a>`;
  return html`<article class="incident impact-${incident.impact}">
${level === "h3" ? html`<h3>${title}</h3>` : html`<h4>${title}</h4>`}
<p class="meta">${view.tr.t(`impact.${incident.impact}`)}${incident.resolvedAt ? html` · ${lasted(view, { ...incident, resolvedAt: incident.resolvedAt })}` : ""}</p>
${affects(
  data,
  view,
  incident.components.map((c) => c.componentId),
)}
${promises(view, data.workspace, incident)}
${incidentTimeline(view, data.workspace, incident)}
</article>
`;
}

function maintenanceCard(data: PublicData, view: View, m: PublicMaintenance): SafeHtml {
  return html`<article class="maintenance maintenance-${m.status}">
<h3><a href="${view.link(`/maintenance/${m.id}`)}">${m.title}</a></h3>
<p class="meta"><span class="label">${view.tr.t(`maintenance.${m.status}`)}</span> ${moment(view, data.workspace, m.startsAt)} – ${moment(view, data.workspace, m.endsAt)}</p>
${affects(data, view, m.componentIds)}
${m.body ? markdownToHtml(m.body) : ""}
</article>
`;
}

/** An incident or a window on a day of the bars. */
type DayItem = { kind: "incident" | "maintenance"; id: string; title: string; ids: string[] };

/** Whether something that ran from `from` to `to` (null = still) touched a day. */
const touches = (day: DayRange, from: Date, to: Date | null) =>
  from.getTime() < day.end && (to === null || to.getTime() >= day.start);

/** The incidents and windows that touched one day, in page order. */
function itemsOn(data: PublicData, day: DayRange): DayItem[] {
  const items: DayItem[] = [];
  for (const i of data.incidents) {
    if (touches(day, i.startedAt, i.resolvedAt)) {
      const ids = i.components.map((c) => c.componentId);
      items.push({ kind: "incident", id: i.id, title: i.title, ids });
    }
  }
  for (const m of data.maintenances) {
    const end = m.completedAt ?? (m.status === "completed" ? m.endsAt : null);
    if (m.status !== "scheduled" && touches(day, m.startedAt ?? m.startsAt, end)) {
      items.push({ kind: "maintenance", id: m.id, title: m.title, ids: m.componentIds });
    }
  }
  return items;
}

/** The incidents and windows of each day of the bars that had any. */
function itemsByDay(data: PublicData): Map<string, DayItem[]> {
  const byDay = new Map<string, DayItem[]>();
  for (const day of data.days) {
    const items = itemsOn(data, day);
    if (items.length) byDay.set(day.date, items);
  }
  return byDay;
}

const itemHref = (item: DayItem) =>
  item.kind === "incident" ? `/incidents/${item.id}` : `/maintenance/${item.id}`;

/** What the bars' popovers read: their words and the day's incidents and windows. */
type DayPopovers = {
  items: DayItem[];
  indexOf: Map<DayItem, number>;
  byDay: Map<string, DayItem[]>;
};

function dayPopovers(data: PublicData): DayPopovers {
  const byDay = itemsByDay(data);
  const items = [...new Set([...byDay.values()].flat())];
  return { items, indexOf: new Map(items.map((item, index) => [item, index])), byDay };
}

/**
 * A bar of 90 days: each day a link to that day's page (its colour, status and uptime in its
 * name), which /status.js opens as a popover with the day's incidents and windows. Only the
 * last day is in the tab order; the arrow keys move along the bar.
 */
function bar(
  view: View,
  uptime: Uptime,
  name: string,
  componentIds: Set<string>,
  popovers: DayPopovers | null,
): SafeHtml {
  const { t, day: dayName, percent } = view.tr;
  const troubled = uptime.days.filter((d) => d.worst && d.worst !== "operational");
  const listed = view.tr.list(
    troubled.slice(-10).map((d) =>
      t("bar.problemDay", {
        day: dayName(d.date),
        status: t(`component.${d.worst!}`),
        percent: percent(d.percent!),
      }),
    ),
  );
  const summary =
    uptime.percent === null
      ? t("bar.summaryNoData", { name })
      : `${t("bar.summary", { name, percent: percent(uptime.percent), days: UPTIME_DAYS })} ${
          !troubled.length
            ? t("bar.noProblems")
            : troubled.length > 10
              ? t("bar.problemDaysMore", { days: listed, more: troubled.length - 10 })
              : t("bar.problemDays", { days: listed })
        }`;
  const last = uptime.days.length - 1;
  const overall =
    uptime.percent === null
      ? t("bar.noData")
      : t("bar.uptime", { percent: percent(uptime.percent) });
  const legend = html`<p class="bar-legend"><span class="wide">${t("bar.daysAgo", { days: UPTIME_DAYS })}</span><span class="narrow">${t("bar.daysAgo", { days: 30 })}</span><span class="percent">${overall}</span><span>${t("bar.today")}</span></p>`;
  // A group's bar sits in its <summary>, which is itself a control: it is a picture there, and
  // its days are reached through its components' bars.
  if (!popovers) {
    const ticks = uptime.days.map((d) => html`<span class="day s-${d.worst ?? "none"}"></span>`);
    return html`<span class="bar" role="img" aria-label="${summary}">${ticks}</span>
${legend}`;
  }
  const days = uptime.days.map((d: DayUptime, index) => {
    const label =
      d.worst === null
        ? t("bar.dayNoData", { day: dayName(d.date) })
        : t("bar.day", {
            day: dayName(d.date),
            status: t(`component.${d.worst}`),
            percent: percent(d.percent!),
          });
    const items = (popovers.byDay.get(d.date) ?? []).filter(
      (item) => !item.ids.length || item.ids.some((id) => componentIds.has(id)),
    );
    return html`<a class="day s-${d.worst ?? "none"}" href="${view.link(`/history/${d.date}`)}" aria-label="${label}"${index === last ? "" : html` tabindex="-1"`}${
      d.downMinutes ? html` data-down="${t("bar.downMinutes", { minutes: d.downMinutes })}"` : ""
    }${items.length ? html` data-items="${items.map((item) => popovers.indexOf.get(item)).join(" ")}"` : ""}></a>`;
  });
  return html`<div class="bar" role="group" aria-label="${summary}">${days}</div>
${legend}`;
}

function componentRow(
  view: View,
  row: { name: string; description: string; status: ComponentStatus; uptime: Uptime },
  componentIds: Set<string>,
  popovers: DayPopovers | null,
): SafeHtml {
  return html`<span class="row-head"><span class="component-name">${row.name}</span>${
    row.description ? html`<span class="description">${row.description}</span>` : ""
  }<span class="status s-${row.status}">${icon(row.status)}${view.tr.t(`component.${row.status}`)}</span></span>
${bar(view, row.uptime, row.name, componentIds, popovers)}`;
}

function componentList(data: PublicData, view: View, popovers: DayPopovers): SafeHtml {
  const byId = new Map(data.components.map((c) => [c.id, c]));
  const item = (id: string) => {
    const c = byId.get(id)!;
    return html`<li class="component">${componentRow(view, { ...c, uptime: data.uptime.get(id)! }, new Set([id]), popovers)}</li>
`;
  };
  // A group shows its worst component, and opens by itself when that is not operational.
  const groups = data.groups.map((group) => {
    const worst = group.componentIds
      .map((id) => byId.get(id)!.status)
      .reduce<ComponentStatus>(worse, "operational");
    const row = {
      name: group.name,
      description: "",
      status: worst,
      uptime: data.uptime.get(group.id)!,
    };
    return html`<li class="group">
<details${worst === "operational" ? "" : html` open`}>
<summary>${componentRow(view, row, new Set(group.componentIds), null)}</summary>
<ul class="components">
${group.componentIds.map(item)}</ul>
</details>
</li>
`;
  });
  return html`<ul class="components">
${data.components.filter((c) => !c.groupId).map((c) => item(c.id))}${groups}</ul>`;
}

/** The words and items the bars' popovers show, for /status.js (data, never run). */
function popoverData(view: View, popovers: DayPopovers): SafeHtml {
  const { t } = view.tr;
  const json = JSON.stringify({
    labels: {
      incidents: t("bar.dayIncidents"),
      maintenance: t("bar.dayMaintenance"),
      nothing: t("bar.nothingThatDay"),
      noDowntime: t("bar.downMinutes", { minutes: 0 }),
      details: t("bar.dayDetail", { day: "{day}" }),
    },
    items: popovers.items.map((item) => [item.kind, view.link(itemHref(item)), item.title]),
  }).replace(/</g, "\\u003c");
  return html`<script type="application/json" id="day-data">${new SafeHtml(json)}</script>`;
}

/** The days without incidents in a row, as one line. */
function quietDays(view: View, run: string[]): SafeHtml {
  const { t, dayAndMonth } = view.tr;
  return html`<p class="muted quiet">${t("status.quietDays", {
    days: run.length,
    from: dayAndMonth(run.at(-1)!),
    to: dayAndMonth(run[0]!),
  })}</p>`;
}

/** `/`: what is wrong now, what is planned, how everything is, and the last two weeks. */
export function statusPage(data: PublicData, view: View): string {
  const ws = data.workspace;
  const { t } = view.tr;
  const overall = overallOf(data);
  const active = data.incidents.filter((i) => i.status !== "resolved");
  const windows = data.maintenances
    .filter((m) => m.status !== "completed")
    .sort(
      (a, b) =>
        Number(b.status === "in_progress") - Number(a.status === "in_progress") ||
        a.startsAt.getTime() - b.startsAt.getTime(),
    );
  // Active incidents are shown once, above; the past is what was resolved.
  const byDay = new Map<string, PublicIncident[]>();
  for (const incident of data.incidents) {
    if (incident.status !== "resolved") continue;
    const day = dateIn(incident.startedAt.getTime(), ws.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), incident]);
  }
  const past: SafeHtml[] = [];
  let quiet: string[] = [];
  for (const { date } of data.days.slice(-RECENT_DAYS).reverse()) {
    const incidents = byDay.get(date);
    if (!incidents) {
      quiet.push(date);
      continue;
    }
    if (quiet.length) past.push(quietDays(view, quiet));
    quiet = [];
    past.push(html`<div class="past-day">
<h3><time datetime="${date}">${view.tr.day(date)}</time></h3>
${incidents.map((i) => incidentCard(data, view, i, "h4"))}
</div>
`);
  }
  if (quiet.length) past.push(quietDays(view, quiet));
  const popovers = dayPopovers(data);
  const headline = t(`overall.${overall.indicator}`);
  const body = html`<section class="banner indicator-${overall.indicator}" aria-labelledby="overall">
${icon(INDICATOR_STATUS[overall.indicator])}
<h1 id="overall">${headline}</h1>
</section>
<p class="updated">${view.tr.th("status.updated", { time: html`<time datetime="${data.updatedAt.toISOString()}" data-relative>${view.tr.dateTime(data.updatedAt, ws.timeZone)}</time>` })}</p>
${
  active.length
    ? html`<section class="active" aria-labelledby="active-heading">
<h2 id="active-heading">${t("status.active")}</h2>
${active.map((i) => incidentCard(data, view, i, "h3"))}
</section>`
    : ""
}${
    windows.length
      ? html`<section class="windows" aria-labelledby="maintenance-heading">
<h2 id="maintenance-heading">${t("status.maintenance")}</h2>
${windows.map((m) => maintenanceCard(data, view, m))}
</section>`
      : ""
  }
<section aria-labelledby="components-heading">
<h2 id="components-heading">${t("status.components")}</h2>
${data.components.length ? componentList(data, view, popovers) : html`<p class="muted">${t("status.noComponents")}</p>`}
</section>
<section class="past" aria-labelledby="past-heading">
<h2 id="past-heading">${t("status.past")}</h2>
${past}
<p><a href="${view.link("/history")}">${t("page.history")}</a></p>
</section>
${popoverData(view, popovers)}`;
  return layout(ws, view, {
    title: t("page.title", { name: ws.name }),
    description: t("page.description", { headline, name: ws.name }),
    body,
  });
}

/** `/incidents/{id}`: one published incident and its whole timeline. */
export function incidentPage(data: PublicData, view: View, incident: PublicIncident): string {
  const ws = data.workspace;
  const { t } = view.tr;
  const started = moment(view, ws, incident.startedAt);
  const body = html`<p class="back"><a href="${view.link("/")}">${t("page.back")}</a></p>
<article class="incident-page impact-${incident.impact}">
<h1>${incident.title}</h1>
<p class="meta"><span class="label">${t(`incident.${incident.status}`)}</span> ${t(`impact.${incident.impact}`)}${incident.resolvedAt ? ` · ${lasted(view, { ...incident, resolvedAt: incident.resolvedAt })}` : ""}</p>
<p class="meta">${
    incident.resolvedAt
      ? view.tr.th("incident.startedResolved", {
          time: started,
          resolved: moment(view, ws, incident.resolvedAt),
        })
      : view.tr.th("incident.started", { time: started })
  }</p>
${affects(
  data,
  view,
  incident.components.map((c) => c.componentId),
)}
${promises(view, ws, incident)}
${
  incident.postmortem
    ? html`<section class="postmortem" aria-labelledby="postmortem-heading">
<h2 id="postmortem-heading">${t("incident.postmortem")}</h2>
<p class="meta">${view.tr.th("incident.postmortemPublished", { time: moment(view, ws, incident.postmortem.publishedAt) })}</p>
${markdownToHtml(incident.postmortem.body)}
</section>`
    : ""
}
<h2>${t("incident.updates")}</h2>
${incidentTimeline(view, ws, incident)}
</article>`;
  return layout(ws, view, {
    title: t("incident.pageTitle", { title: incident.title, name: ws.name }),
    description: t("text.labelled", {
      label: t(`incident.${incident.status}`),
      value: incident.title,
    }),
    body,
    path: `/incidents/${incident.id}`,
  });
}

/** `/maintenance/{id}`: one window, its announcement and what has happened so far. */
export function maintenancePage(data: PublicData, view: View, m: PublicMaintenance): string {
  const ws = data.workspace;
  const { t } = view.tr;
  const steps = [{ status: t("maintenance.scheduled"), body: m.body, at: m.createdAt }];
  const startedAt = m.startedAt ?? (m.status !== "scheduled" ? m.startsAt : null);
  if (startedAt) {
    steps.push({
      status: t("maintenance.in_progress"),
      body: t("maintenance.began"),
      at: startedAt,
    });
  }
  const completedAt = m.completedAt ?? (m.status === "completed" ? m.endsAt : null);
  if (completedAt) {
    steps.push({
      status: t("maintenance.completed"),
      body: t("maintenance.over"),
      at: completedAt,
    });
  }
  for (const note of m.updates) {
    steps.push({
      status: t("maintenance.update", { status: t(`maintenance.${note.status}`) }),
      body: note.body,
      at: note.createdAt,
    });
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  const body = html`<p class="back"><a href="${view.link("/")}">${t("page.back")}</a></p>
<article class="maintenance-page">
<h1>${m.title}</h1>
<p class="meta"><span class="label">${t(`maintenance.${m.status}`)}</span> ${moment(view, ws, m.startsAt)} – ${moment(view, ws, m.endsAt)}</p>
${affects(data, view, m.componentIds)}
<h2>${t("incident.updates")}</h2>
${timeline(view, ws, steps.reverse())}
</article>`;
  return layout(ws, view, {
    title: t("incident.pageTitle", { title: m.title, name: ws.name }),
    description: t("maintenance.description", { title: m.title }),
    body,
    path: `/maintenance/${m.id}`,
  });
}

/** Months of `/history`, newest first, and the incidents each holds. */
export type HistoryMonth = { month: string; incidents: PublicIncident[] };

/** `/history`: past incidents by month, a few months a page. */
export function historyPage(
  data: PublicData,
  view: View,
  months: HistoryMonth[],
  pager: { page: number; older: boolean },
): string {
  const ws = data.workspace;
  const { t } = view.tr;
  const body = html`<p class="back"><a href="${view.link("/")}">${t("page.back")}</a></p>
<h1>${t("history.title")}</h1>
${months.map(
  ({ month, incidents }) => html`<section class="month" aria-labelledby="month-${month}">
<h2 id="month-${month}">${view.tr.month(month)}</h2>
${
  incidents.length
    ? html`<ul class="history">
${incidents.map(
  (i) => html`<li class="impact-${i.impact}">
<a href="${view.link(`/incidents/${i.id}`)}">${i.title}</a>
<p class="meta">${t(`impact.${i.impact}`)} · ${moment(view, ws, i.startedAt)}${i.resolvedAt ? html` – ${moment(view, ws, i.resolvedAt)} · ${lasted(view, { ...i, resolvedAt: i.resolvedAt })}` : html` – ${t("history.ongoing")}`}${i.postmortem ? html` · <a href="${view.link(`/incidents/${i.id}`)}#postmortem-heading">${t("incident.postmortem")}</a>` : ""}</p>
${i.updates[0] ? markdownToHtml(i.updates[0].body) : ""}
</li>
`,
)}</ul>`
    : html`<p class="muted">${t("status.noIncidents")}</p>`
}
</section>
`,
)}
<nav class="pager" aria-label="${t("history.pages")}">
${pager.page > 1 ? html`<a href="${view.link(pager.page === 2 ? "/history" : `/history?page=${pager.page - 1}`)}">${t("history.newer")}</a>` : ""}
${pager.older ? html`<a href="${view.link(`/history?page=${pager.page + 1}`)}">${t("history.older")}</a>` : ""}
</nav>`;
  return layout(ws, view, {
    title: `${t("history.title")} · ${t("page.title", { name: ws.name })}`,
    description: t("history.description", { name: ws.name }),
    body,
    path: pager.page === 1 ? "/history" : `/history?page=${pager.page}`,
  });
}

/** `/history/{date}`: one day of the bars: each component's uptime, its incidents and windows. */
export function dayPage(data: PublicData, view: View, date: string): string {
  const ws = data.workspace;
  const { t, percent } = view.tr;
  const index = data.days.findIndex((d) => d.date === date);
  const items = itemsOn(data, data.days[index]!);
  const rows = [
    ...data.components.filter((c) => !c.groupId),
    ...data.groups.flatMap((g) =>
      g.componentIds.map((id) => data.components.find((c) => c.id === id)!),
    ),
  ];
  const dayRow = (name: string, d: DayUptime) =>
    html`<li class="component"><span class="row-head"><span class="component-name">${name}</span>${
      d.worst === null
        ? html`<span class="status s-none">${t("bar.noData")}</span>`
        : html`<span class="status s-${d.worst}">${icon(d.worst)}${t(`component.${d.worst}`)} · ${t("bar.uptime", { percent: percent(d.percent!) })}${d.downMinutes ? ` · ${t("bar.downMinutes", { minutes: d.downMinutes })}` : ""}</span>`
    }</span></li>
`;
  const list = (kind: DayItem["kind"]) =>
    items
      .filter((item) => item.kind === kind)
      .map((item) => html`<li><a href="${view.link(itemHref(item))}">${item.title}</a></li>`);
  const incidents = list("incident");
  const windows = list("maintenance");
  const body = html`<p class="back"><a href="${view.link("/")}">${t("page.back")}</a></p>
<h1><time datetime="${date}">${view.tr.day(date)}</time></h1>
${incidents.length ? html`<h2>${t("history.dayIncidents")}</h2><ul class="day-items">${incidents}</ul>` : ""}
${windows.length ? html`<h2>${t("history.dayMaintenance")}</h2><ul class="day-items">${windows}</ul>` : ""}
${incidents.length || windows.length ? "" : html`<p class="muted">${t("history.noneThatDay")}</p>`}
<h2>${t("history.dayUptime")}</h2>
<ul class="components">
${rows.map((c) => dayRow(c.name, data.uptime.get(c.id)!.days[index]!))}</ul>
<nav class="pager" aria-label="${t("history.pages")}">
${index > 0 ? html`<a href="${view.link(`/history/${addDays(date, -1)}`)}">${t("history.previousDay")}</a>` : html`<span></span>`}
${index < data.days.length - 1 ? html`<a href="${view.link(`/history/${addDays(date, 1)}`)}">${t("history.nextDay")}</a>` : ""}
</nav>`;
  return layout(ws, view, {
    title: `${view.tr.day(date)} · ${t("page.title", { name: ws.name })}`,
    description: t("history.dayDescription", { name: ws.name, day: view.tr.day(date) }),
    body,
    path: `/history/${date}`,
  });
}

/** A page that is not there (an unknown, draft or cancelled id). */
export function notFoundPage(ws: PublicWorkspace, view: View): string {
  const { t } = view.tr;
  return layout(ws, view, {
    title: `${t("notFound.title")} · ${t("page.title", { name: ws.name })}`,
    description: t("notFound.description"),
    body: html`<h1>${t("notFound.title")}</h1>
<p>${t("notFound.body")}</p>
<p><a href="${view.link("/")}">${t("notFound.link")}</a></p>`,
  });
}

/** Why the form is shown again: a wrong password, too many tries, a link sent or ended. */
export type Refusal =
  | { reason: "wrong" }
  | { reason: "tooMany"; seconds: number }
  | { reason: "sent" }
  | { reason: "expired" }
  | { reason: "invalidEmail" }
  | { reason: "notReader" };

/**
 * A private page to a visitor who may not read it yet: its name and dress, and the form (the
 * password, or the address to mail a sign-in link to), nothing it shows. `path` is where the
 * visitor was going, below the page.
 */
export function lockedPage(
  ws: PublicWorkspace,
  view: View,
  path: string,
  {
    way,
    refusal,
    provider = false,
    link,
  }: {
    way: "password" | "email";
    refusal?: Refusal;
    provider?: boolean;
    /** An emailed sign-in link being followed: the page offers only to use it. */
    link?: string;
  },
): string {
  const { t } = view.tr;
  const notice =
    refusal &&
    {
      wrong: () => t("private.wrong"),
      tooMany: () => t("private.tooMany", { seconds: "seconds" in refusal ? refusal.seconds : 0 }),
      sent: () => t("private.linkSent"),
      expired: () => t("private.linkExpired"),
      invalidEmail: () => t("subscribe.invalidEmail"),
      notReader: () => t("private.notReader"),
    }[refusal.reason]();
  const lead = way === "password" ? t("private.lead") : t("private.signInLead");
  const hidden = html`<input type="hidden" name="next" value="${path}">
${view.explicit ? html`<input type="hidden" name="locale" value="${view.locale}">` : ""}`;
  const credential =
    way === "password"
      ? html`<label for="page-password">${t("private.password")}</label>
<input id="page-password" type="password" name="password" required autocomplete="current-password" maxlength="128">
<button type="submit">${t("private.enter")}</button>`
      : html`<label for="page-email">${t("private.email")}</label>
<input id="page-email" type="email" name="email" required autocomplete="email" maxlength="254">
<button type="submit">${t("private.sendLink")}</button>`;
  const withProvider = provider
    ? html`<p><a class="button" href="${view.link(`/access/oidc?next=${encodeURIComponent(path)}`)}">${t("private.signInWithProvider")}</a></p>
<p>${t("private.orEmail")}</p>`
    : "";
  const ways = link
    ? html`<form class="form" method="post" action="${view.site.base}/access">
<input type="hidden" name="link" value="${link}">
${hidden}
<button type="submit">${t("private.continue")}</button>
</form>`
    : html`${withProvider}
<form class="form" method="post" action="${view.site.base}/access">
${hidden}
${credential}
</form>`;
  return layout(ws, view, {
    title: `${t("private.title")} · ${ws.name}`,
    description: lead,
    path,
    locked: true,
    body: html`<h1>${t("private.title")}</h1>
<p>${link ? t("private.continueLead") : lead}</p>
${notice ? html`<p class="notice" role="${refusal!.reason === "sent" ? "status" : "alert"}">${notice}</p>` : ""}
${ways}`,
  });
}

const plainWorkspace = (name: string): PublicWorkspace => ({
  id: "",
  name,
  timeZone: "Etc/UTC",
  createdAt: new Date(0),
  defaultLocale: "en",
  brand: PLAIN_BRAND,
});

/** Before setup: the deployment has no status page yet. */
export function notSetUpPage(view: View): string {
  const { t } = view.tr;
  return layout(plainWorkspace("Allclear"), view, {
    title: "Allclear",
    description: t("notSetUp.body"),
    body: html`<h1>${t("notSetUp.heading", { product: "Allclear" })}</h1>
<p>${t("notSetUp.body")}</p>
<p><a class="button" href="/setup">${t("notSetUp.action")}</a></p>`,
  });
}

/** No copy of the data yet and none can be read (the database is unreachable at start). */
export function unavailablePage(view: View): string {
  const { t } = view.tr;
  return layout(plainWorkspace("Status"), view, {
    title: t("unavailable.title"),
    description: t("unavailable.body"),
    body: html`<h1>${t("unavailable.heading")}</h1>
<p>${t("unavailable.body")}</p>`,
  });
}
