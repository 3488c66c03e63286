import type { ComponentStatus } from "@/lib/components/schemas";
import { html, type SafeHtml } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import { assetLink } from "./assets";
import { dateIn } from "./days";
import {
  RECENT_DAYS,
  UPTIME_DAYS,
  type PublicData,
  type PublicIncident,
  type PublicMaintenance,
  type PublicWorkspace,
} from "./load";
import {
  IMPACT_LABEL,
  INCIDENT_STATUS_LABEL,
  MAINTENANCE_STATUS_LABEL,
  overallStatus,
  STATUS_LABEL,
  worse,
} from "@/lib/status/labels";
import type { DayUptime, Uptime } from "./uptime";

/**
 * The public pages as HTML, built once per change of the data and served from memory: no
 * cookies, no session, the same bytes for every visitor. Times are written in UTC inside
 * `<time datetime>`; /status.js turns them into the visitor's own zone.
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

const utc = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment, in UTC until the visitor's browser writes it in their own zone. */
function moment(date: Date): SafeHtml {
  return html`<time datetime="${date.toISOString()}" data-local>${utc.format(date)} UTC</time>`;
}

const dayFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const monthFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  month: "long",
  year: "numeric",
});

/** A calendar day of the page's time zone (`YYYY-MM-DD`), as words. */
const dayName = (date: string) => dayFormat.format(new Date(`${date}T00:00:00Z`));
const monthName = (month: string) => monthFormat.format(new Date(`${month}-01T00:00:00Z`));

export function layout(
  ws: PublicWorkspace,
  { title, description, body }: { title: string; description: string; body: SafeHtml },
): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${title}</title>
<meta name="description" content="${description}">
<link rel="icon" href="${assetLink("/icon.svg")}" type="image/svg+xml">
<link rel="stylesheet" href="${assetLink("/status.css")}">
<link rel="alternate" type="application/rss+xml" title="${ws.name} incidents (RSS)" href="/history.rss">
<link rel="alternate" type="application/atom+xml" title="${ws.name} incidents (Atom)" href="/history.atom">
<script src="${assetLink("/status.js")}" defer></script>
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="masthead">
<div class="wrap">
<a class="site-name" href="/">${ws.name}</a>
<details class="subscribe">
<summary>Subscribe to updates</summary>
<div class="menu">
<form class="subscribe-form" method="post" action="/public/subscriptions">
<label for="subscribe-email">Email address</label>
<input id="subscribe-email" type="email" name="email" required autocomplete="email" maxlength="254">
<div class="trap" aria-hidden="true"><label for="subscribe-website">Leave this empty</label><input id="subscribe-website" name="website" tabindex="-1" autocomplete="off"></div>
<button type="submit">Subscribe by email</button>
</form>
<a href="/public/subscriptions">Choose components…</a>
<a href="/history.rss">RSS feed</a>
<a href="/history.atom">Atom feed</a>
</div>
</details>
</div>
</header>
<main id="main" class="wrap">
${body}
</main>
<footer class="wrap footer">
<nav aria-label="More">
<a href="/history">Incident history</a>
<a href="/history.rss">RSS</a>
<a href="/history.atom">Atom</a>
</nav>
<p class="powered">Powered by Allclear</p>
</footer>
</body>
</html>
`.value;
}

function timeline(
  updates: { status: string; body: string; at: Date; edited?: boolean }[],
): SafeHtml {
  return html`<ol class="timeline">
${updates.map(
  (u) => html`<li>
<p class="update-head"><strong>${u.status}</strong> ${moment(u.at)}${u.edited ? html` <span class="edited">(edited)</span>` : ""}</p>
${markdownToHtml(u.body)}
</li>
`,
)}</ol>`;
}

function incidentTimeline(incident: PublicIncident): SafeHtml {
  return timeline(
    incident.updates.map((u) => ({
      status: INCIDENT_STATUS_LABEL[u.status],
      body: u.body,
      at: u.createdAt,
      edited: u.editedAt !== null,
    })),
  );
}

function affects(data: PublicData, ids: string[]): SafeHtml {
  const names = new Map(data.components.map((c) => [c.id, c.name]));
  const named = ids.flatMap((id) => names.get(id) ?? []);
  return named.length ? html`<p class="affects">Affects: ${named.join(", ")}</p>` : html``;
}

function incidentCard(data: PublicData, incident: PublicIncident, level: "h3" | "h4"): SafeHtml {
  const title = html`<a href="/incidents/${incident.id}">${incident.title}</a>`;
  return html`<article class="incident impact-${incident.impact}">
${level === "h3" ? html`<h3>${title}</h3>` : html`<h4>${title}</h4>`}
<p class="meta">${IMPACT_LABEL[incident.impact]}</p>
${affects(
  data,
  incident.components.map((c) => c.componentId),
)}
${incidentTimeline(incident)}
</article>
`;
}

function maintenanceCard(data: PublicData, m: PublicMaintenance): SafeHtml {
  return html`<article class="maintenance maintenance-${m.status}">
<h3><a href="/maintenance/${m.id}">${m.title}</a></h3>
<p class="meta"><span class="label">${MAINTENANCE_STATUS_LABEL[m.status]}</span> ${moment(m.startsAt)} – ${moment(m.endsAt)}</p>
${affects(data, m.componentIds)}
${m.body ? markdownToHtml(m.body) : ""}
</article>
`;
}

/**
 * A 90-day bar: a coloured day per day, each titled for a pointer, and one description of the
 * whole bar (the percentage and the days that had problems) for a screen reader.
 */
function bar(uptime: Uptime, name: string): SafeHtml {
  const troubled = uptime.days.filter((d) => d.worst && d.worst !== "operational");
  const listed = troubled
    .slice(-10)
    .map((d) => `${dayName(d.date)}: ${STATUS_LABEL[d.worst!].toLowerCase()} (${d.percent} %)`);
  const more = troubled.length > 10 ? `, and ${troubled.length - 10} more` : "";
  const summary =
    uptime.percent === null
      ? `${name}: no uptime data yet.`
      : `${name}: ${uptime.percent} % uptime over the last ${UPTIME_DAYS} days. ${
          troubled.length ? `Days with problems: ${listed.join("; ")}${more}.` : "No problems."
        }`;
  // Days alike (same status, same uptime) in a row are one element drawn as that many ticks.
  const runs: DayUptime[][] = [];
  for (const day of uptime.days) {
    const run = runs.at(-1);
    if (run && run[0]!.worst === day.worst && run[0]!.percent === day.percent) run.push(day);
    else runs.push([day]);
  }
  const ticks = runs.map((run) => {
    const first = run[0]!;
    const when =
      run.length === 1
        ? dayName(first.date)
        : `${dayName(first.date)} – ${dayName(run.at(-1)!.date)}`;
    const what = first.worst
      ? `${STATUS_LABEL[first.worst]}, ${first.percent} % uptime`
      : "no data";
    return html`<span class="day s-${first.worst ?? "none"} g${run.length}" title="${when}: ${what}"></span>`;
  });
  const percent = uptime.percent === null ? "No data" : `${uptime.percent.toFixed(2)} % uptime`;
  return html`<span class="bar" role="img" aria-label="${summary}">${ticks}</span>
<span class="bar-legend"><span>${UPTIME_DAYS} days ago</span><span class="percent">${percent}</span><span>Today</span></span>`;
}

function componentRow(
  name: string,
  description: string,
  status: ComponentStatus,
  uptime: Uptime,
): SafeHtml {
  return html`<span class="row-head"><span class="component-name">${name}</span>${
    description ? html`<span class="description">${description}</span>` : ""
  }<span class="status s-${status}">${icon(status)}${STATUS_LABEL[status]}</span></span>
${bar(uptime, name)}`;
}

function componentList(data: PublicData): SafeHtml {
  const byId = new Map(data.components.map((c) => [c.id, c]));
  const item = (id: string) => {
    const c = byId.get(id)!;
    return html`<li class="component">${componentRow(c.name, c.description, c.status, data.uptime.get(id)!)}</li>
`;
  };
  // A group shows its worst component, and opens by itself when that is not operational.
  const groups = data.groups.map((group) => {
    const worst = group.componentIds
      .map((id) => byId.get(id)!.status)
      .reduce<ComponentStatus>(worse, "operational");
    return html`<li class="group">
<details${worst === "operational" ? "" : html` open`}>
<summary>${componentRow(group.name, "", worst, data.uptime.get(group.id)!)}</summary>
<ul class="components">
${group.componentIds.map(item)}</ul>
</details>
</li>
`;
  });
  return html`<ul class="components">
${data.components.filter((c) => !c.groupId).map((c) => item(c.id))}${groups}</ul>`;
}

/** `/`: what is wrong now, what is planned, how everything is, and the last two weeks. */
export function statusPage(data: PublicData): string {
  const ws = data.workspace;
  const overall = overallStatus(data.components.map((c) => c.status));
  const active = data.incidents.filter((i) => i.status !== "resolved");
  const windows = data.maintenances
    .filter((m) => m.status !== "completed")
    .sort(
      (a, b) =>
        Number(b.status === "in_progress") - Number(a.status === "in_progress") ||
        a.startsAt.getTime() - b.startsAt.getTime(),
    );
  const days = data.days.slice(-RECENT_DAYS).reverse();
  const byDay = new Map<string, PublicIncident[]>();
  for (const incident of data.incidents) {
    const day = dateIn(incident.startedAt.getTime(), ws.timeZone);
    byDay.set(day, [...(byDay.get(day) ?? []), incident]);
  }
  const body = html`<section
      class="banner indicator-${overall.indicator}"
      aria-labelledby="overall"
    >
      ${icon(overall.indicator === "none" ? "operational" : worstOf(data))}
      <h1 id="overall">${overall.description}</h1>
    </section>
    ${
      active.length
        ? html`<section class="active" aria-labelledby="active-heading">
            <h2 id="active-heading">Active incidents</h2>
            ${active.map((i) => incidentCard(data, i, "h3"))}
          </section> `
        : ""
    }${
      windows.length
        ? html`<section class="windows" aria-labelledby="maintenance-heading">
            <h2 id="maintenance-heading">Maintenance</h2>
            ${windows.map((m) => maintenanceCard(data, m))}
          </section> `
        : ""
    }
    <section aria-labelledby="components-heading">
      <h2 id="components-heading">Components</h2>
      ${data.components.length ? componentList(data) : html`<p class="muted">No components yet.</p>`}
    </section>
    <section class="past" aria-labelledby="past-heading">
      <h2 id="past-heading">Past incidents</h2>
      ${days.map(
        (day) =>
          html`<div class="past-day">
            <h3><time datetime="${day.date}">${dayName(day.date)}</time></h3>
            ${
              byDay.get(day.date)?.length
                ? byDay.get(day.date)!.map((i) => incidentCard(data, i, "h4"))
                : html`<p class="muted">No incidents reported.</p>`
            }
          </div> `,
      )}
      <p><a href="/history">Incident history</a></p>
    </section>`;
  return layout(ws, {
    title: `${ws.name} status`,
    description: `${overall.description}. Live status, incidents and maintenance of ${ws.name}.`,
    body,
  });
}

function worstOf(data: PublicData): ComponentStatus {
  return data.components.map((c) => c.status).reduce<ComponentStatus>(worse, "operational");
}

/** `/incidents/{id}`: one published incident and its whole timeline. */
export function incidentPage(data: PublicData, incident: PublicIncident): string {
  const body = html`<p class="back"><a href="/">← Current status</a></p>
    <article class="incident-page impact-${incident.impact}">
      <h1>${incident.title}</h1>
      <p class="meta">
        <span class="label">${INCIDENT_STATUS_LABEL[incident.status]}</span>
        ${IMPACT_LABEL[incident.impact]}
      </p>
      <p class="meta">
        Started
        ${moment(incident.startedAt)}${
          incident.resolvedAt ? html`, resolved ${moment(incident.resolvedAt)}` : ""
        }
      </p>
      ${affects(
        data,
        incident.components.map((c) => c.componentId),
      )}
      <h2>Updates</h2>
      ${incidentTimeline(incident)}
    </article>`;
  return layout(data.workspace, {
    title: `${incident.title} · ${data.workspace.name} status`,
    description: `${INCIDENT_STATUS_LABEL[incident.status]}: ${incident.title}`,
    body,
  });
}

/** `/maintenance/{id}`: one window, its announcement and what has happened so far. */
export function maintenancePage(data: PublicData, m: PublicMaintenance): string {
  const steps = [{ status: "Scheduled", body: m.body, at: m.createdAt }];
  const startedAt = m.startedAt ?? (m.status !== "scheduled" ? m.startsAt : null);
  if (startedAt)
    steps.push({ status: "In progress", body: "The maintenance began.", at: startedAt });
  const completedAt = m.completedAt ?? (m.status === "completed" ? m.endsAt : null);
  if (completedAt) {
    steps.push({ status: "Completed", body: "The maintenance is over.", at: completedAt });
  }
  for (const note of m.updates) {
    steps.push({
      status: `${MAINTENANCE_STATUS_LABEL[note.status]} · update`,
      body: note.body,
      at: note.createdAt,
    });
  }
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  const body = html`<p class="back"><a href="/">← Current status</a></p>
    <article class="maintenance-page">
      <h1>${m.title}</h1>
      <p class="meta">
        <span class="label">${MAINTENANCE_STATUS_LABEL[m.status]}</span> ${moment(m.startsAt)} –
        ${moment(m.endsAt)}
      </p>
      ${affects(data, m.componentIds)}
      <h2>Updates</h2>
      ${timeline(steps.reverse())}
    </article>`;
  return layout(data.workspace, {
    title: `${m.title} · ${data.workspace.name} status`,
    description: `Maintenance: ${m.title}`,
    body,
  });
}

/** Months of `/history`, newest first, and the incidents each holds. */
export type HistoryMonth = { month: string; incidents: PublicIncident[] };

/** `/history`: past incidents by month, a few months a page. */
export function historyPage(
  data: PublicData,
  months: HistoryMonth[],
  pager: { page: number; older: boolean },
): string {
  const body = html`<p class="back"><a href="/">← Current status</a></p>
    <h1>Incident history</h1>
    ${months.map(
      ({ month, incidents }) =>
        html`<section class="month" aria-labelledby="month-${month}">
          <h2 id="month-${month}">${monthName(month)}</h2>
          ${
            incidents.length
              ? html`<ul class="history">
                  ${incidents.map(
                    (i) =>
                      html`<li class="impact-${i.impact}">
                        <a href="/incidents/${i.id}">${i.title}</a>
                        <p class="meta">
                          ${IMPACT_LABEL[i.impact]} ·
                          ${moment(i.startedAt)}${i.resolvedAt ? html` – ${moment(i.resolvedAt)}` : " – ongoing"}
                        </p>
                        ${i.updates[0] ? markdownToHtml(i.updates[0].body) : ""}
                      </li> `,
                  )}
                </ul>`
              : html`<p class="muted">No incidents reported.</p>`
          }
        </section> `,
    )}
    <nav class="pager" aria-label="Pages of history">
      ${pager.page > 1 ? html`<a href="${pager.page === 2 ? "/history" : `/history?page=${pager.page - 1}`}">← Newer</a>` : ""}
      ${pager.older ? html`<a href="/history?page=${pager.page + 1}">Older →</a>` : ""}
    </nav>`;
  return layout(data.workspace, {
    title: `Incident history · ${data.workspace.name} status`,
    description: `Past incidents of ${data.workspace.name}.`,
    body,
  });
}

/** A page that is not there (an unknown, draft or cancelled id). */
export function notFoundPage(ws: PublicWorkspace): string {
  return layout(ws, {
    title: `Not found · ${ws.name} status`,
    description: "This page does not exist.",
    body: html`<h1>Not found</h1>
      <p>There is nothing public at this address.</p>
      <p><a href="/">See the current status</a></p>`,
  });
}

/** Before setup: the deployment has no status page yet. */
export function notSetUpPage(): string {
  const ws = { id: "", name: "Allclear", timeZone: "Etc/UTC", createdAt: new Date(0) };
  return layout(ws, {
    title: "Allclear",
    description: "This status page has not been set up yet.",
    body: html`<h1>Welcome to Allclear</h1>
      <p>This deployment has not been set up yet.</p>
      <p><a class="button" href="/setup">Set up</a></p>`,
  });
}

/** No copy of the data yet and none can be read (the database is unreachable at start). */
export function unavailablePage(): string {
  const ws = { id: "", name: "Status", timeZone: "Etc/UTC", createdAt: new Date(0) };
  return layout(ws, {
    title: "Status temporarily unavailable",
    description: "The status page is temporarily unavailable.",
    body: html`<h1>Temporarily unavailable</h1>
      <p>The status page cannot be shown right now. Please try again in a moment.</p>`,
  });
}
