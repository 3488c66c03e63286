import { html, type SafeHtml } from "@/lib/content/html";
import type { PublicData, PublicWorkspace } from "./load";
import { layout } from "./pages";
import type { View } from "./view";

/**
 * The subscriber's pages: subscribe, confirm, unsubscribe and manage. Each is a plain form that
 * works without JavaScript; buttons POST, so a mail scanner following a link changes nothing.
 * Every form carries the page's language, which the subscription keeps.
 */

const page = (ws: PublicWorkspace, view: View, title: string, body: SafeHtml, path: string) =>
  layout(ws, view, {
    title: `${title} · ${view.tr.t("page.title", { name: ws.name })}`,
    description: title,
    body,
    path,
  });

const localeField = (view: View) =>
  html`<input type="hidden" name="locale" value="${view.locale}">`;

/** Checkboxes for the components, ungrouped first and then by group, as on the status page. */
function componentChoices(data: PublicData, view: View, selected: ReadonlySet<string>): SafeHtml {
  const choice = (id: string, name: string) =>
    html`<label class="choice"><input type="checkbox" name="componentIds" value="${id}"${selected.has(id) ? html` checked` : ""}> ${name}</label>`;
  const byId = new Map(data.components.map((c) => [c.id, c]));
  const ungrouped = data.components.filter((c) => !c.groupId);
  if (!data.components.length) return html``;
  return html`<fieldset>
<legend>${view.tr.t("subscribe.components")}</legend>
<p class="muted">${view.tr.t("subscribe.chooseNone")}</p>
${ungrouped.map((c) => choice(c.id, c.name))}
${data.groups.map(
  (group) => html`<p class="group-name">${group.name}</p>
${group.componentIds.flatMap((id) => {
  const c = byId.get(id);
  return c ? [choice(c.id, c.name)] : [];
})}`,
)}
</fieldset>`;
}

const backLink = (view: View) =>
  html`<a href="${view.link("/")}">${view.tr.t("page.backToStatus")}</a>`;

export function subscribePage(
  data: PublicData,
  view: View,
  {
    error,
    email,
    reader,
    channels = false,
  }: {
    error?: string;
    email?: string;
    /** A signed-in reader of an audience page, who subscribes with their own address. */
    reader?: string;
    /** Whether chat and webhook subscriptions are offered (public pages only). */
    channels?: boolean;
  } = {},
): string {
  const { t } = view.tr;
  const ws = data.workspace;
  return page(
    ws,
    view,
    t("page.subscribe"),
    html`<h1>${t("page.subscribe")}</h1>
<p>${t("subscribe.intro", { name: ws.name })}</p>
${error ? html`<p class="notice" role="alert">${error}</p>` : ""}
<form class="form" method="post" action="${view.site.base}/public/subscriptions">
${localeField(view)}
<label for="email">${t("page.emailAddress")}</label>
<input id="email" type="email" name="email" required autocomplete="email" maxlength="254" value="${reader ?? email ?? ""}"${reader ? html` readonly` : ""}>
<div class="trap" aria-hidden="true"><label for="website">${t("page.leaveEmpty")}</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
${componentChoices(data, view, new Set())}
<button type="submit">${t("page.subscribeByEmail")}</button>
</form>
${channels ? channelForm(data, view) : ""}
<p>${view.tr.th("subscribe.feeds", {
      rss: html`<a href="${view.link("/history.rss")}">${t("page.rss")}</a>`,
      atom: html`<a href="${view.link("/history.atom")}">${t("page.atom")}</a>`,
    })}</p>`,
    "/public/subscriptions",
  );
}

/** Slack, Teams or a webhook, confirmed by a contact address, with the same component choice. */
function channelForm(data: PublicData, view: View): SafeHtml {
  const { t } = view.tr;
  return html`<h2>${t("subscribe.channelHeading")}</h2>
<p>${t("subscribe.channelIntro")}</p>
<form class="form" method="post" action="${view.site.base}/public/subscriptions">
${localeField(view)}
<label for="channel">${t("subscribe.channel")}</label>
<select id="channel" name="channel">
<option value="slack">${t("subscribe.channelSlack")}</option>
<option value="teams">${t("subscribe.channelTeams")}</option>
<option value="webhook">${t("subscribe.channelWebhook")}</option>
</select>
<label for="channel-url">${t("subscribe.channelUrl")}</label>
<input id="channel-url" type="url" name="url" required maxlength="2000" placeholder="https://" autocomplete="off">
<label for="contact-email">${t("subscribe.contactEmail")}</label>
<input id="contact-email" type="email" name="email" required autocomplete="email" maxlength="254">
<div class="trap" aria-hidden="true"><label for="channel-website">${t("page.leaveEmpty")}</label><input id="channel-website" name="website" tabindex="-1" autocomplete="off"></div>
${componentChoices(data, view, new Set())}
<button type="submit">${t("subscribe.subscribeChannel")}</button>
</form>`;
}

export function subscriptionRequestedPage(
  ws: PublicWorkspace,
  view: View,
  /** A webhook subscription's signing secret, shown this once. */
  secret?: string,
): string {
  const { t } = view.tr;
  return page(
    ws,
    view,
    t("subscribe.checkInbox"),
    html`<h1>${t("subscribe.checkInbox")}</h1>
<p class="notice" role="status">${t("subscribe.checkInboxBody")}</p>
${
  secret
    ? html`<h2>${t("subscribe.secretTitle")}</h2>
<p>${t("subscribe.secretBody")}</p>
<p><label for="signing-secret">${t("subscribe.secretTitle")}</label>
<input id="signing-secret" class="secret" readonly value="${secret}"></p>`
    : ""
}
<p>${backLink(view)}</p>`,
    "/public/subscriptions",
  );
}

export function confirmPage(ws: PublicWorkspace, view: View, token: string): string {
  const { t } = view.tr;
  const query = `?token=${encodeURIComponent(token)}`;
  return page(
    ws,
    view,
    t("subscribe.confirmTitle"),
    html`<h1>${t("subscribe.confirmTitle")}</h1>
<p>${t("subscribe.confirmBody", { name: ws.name })}</p>
<form class="form" method="post" action="${view.site.base}/public/subscriptions/confirm${query}">
${localeField(view)}
<button type="submit">${t("subscribe.confirmButton")}</button>
</form>`,
    `/public/subscriptions/confirm${query}`,
  );
}

export function confirmedPage(ws: PublicWorkspace, view: View, manageUrl: string): string {
  const { t } = view.tr;
  return page(
    ws,
    view,
    t("subscribe.confirmedTitle"),
    html`<h1>${t("subscribe.confirmedHeading")}</h1>
<p class="notice" role="status">${t("subscribe.confirmedBody", { name: ws.name })}</p>
<p><a href="${manageUrl}">${t("subscribe.chooseFollowed")}</a> · ${backLink(view)}</p>`,
    "/",
  );
}

export function linkProblemPage(
  ws: PublicWorkspace,
  view: View,
  reason: "expired" | "invalid",
): string {
  const { t } = view.tr;
  const title = t(reason === "expired" ? "subscribe.expiredTitle" : "subscribe.invalidTitle");
  return page(
    ws,
    view,
    title,
    html`<h1>${title}</h1>
<p class="notice" role="alert">${t(reason === "expired" ? "subscribe.expiredBody" : "subscribe.invalidBody")}</p>
<p><a href="${view.link("/public/subscriptions")}">${t("subscribe.subscribe")}</a> · ${backLink(view)}</p>`,
    "/public/subscriptions",
  );
}

export function unsubscribePage(
  ws: PublicWorkspace,
  view: View,
  token: string,
  email: string,
  /** A chat or webhook subscription's link is seen by everyone in the channel: no address. */
  channel = "email",
): string {
  const { t } = view.tr;
  const query = `?token=${encodeURIComponent(token)}`;
  return page(
    ws,
    view,
    t("subscribe.unsubscribeTitle"),
    html`<h1>${t("subscribe.unsubscribeTitle")}</h1>
<p>${
      channel === "email"
        ? view.tr.th("subscribe.unsubscribeBody", {
            name: ws.name,
            email: html`<strong>${email}</strong>`,
          })
        : t("subscribe.unsubscribeChannelBody", { name: ws.name })
    }</p>
<form class="form" method="post" action="${view.site.base}/public/subscriptions/unsubscribe${query}">
${localeField(view)}
<button type="submit">${t("subscribe.unsubscribeButton")}</button>
</form>`,
    `/public/subscriptions/unsubscribe${query}`,
  );
}

export function unsubscribedPage(ws: PublicWorkspace, view: View): string {
  const { t } = view.tr;
  return page(
    ws,
    view,
    t("subscribe.unsubscribedTitle"),
    html`<h1>${t("subscribe.unsubscribedHeading")}</h1>
<p class="notice" role="status">${t("subscribe.unsubscribedBody", { name: ws.name })}</p>
<p><a href="${view.link("/public/subscriptions")}">${t("subscribe.subscribeAgain")}</a> · ${backLink(view)}</p>`,
    "/public/subscriptions",
  );
}

const MANAGE_STATE = {
  active: "subscribe.manageActive",
  bounced: "subscribe.managePaused",
  pending_confirmation: "subscribe.managePending",
} as const;

export function managePage(
  data: PublicData,
  view: View,
  token: string,
  subscription: {
    email: string;
    state: string;
    componentIds: string[];
    channel?: string;
    postmortems?: boolean;
  },
  saved = false,
): string {
  const { t } = view.tr;
  const ws = data.workspace;
  const query = `?token=${encodeURIComponent(token)}`;
  const followed = new Set(subscription.componentIds);
  const state =
    MANAGE_STATE[subscription.state as keyof typeof MANAGE_STATE] ??
    MANAGE_STATE.pending_confirmation;
  return page(
    ws,
    view,
    t("subscribe.manageTitle"),
    html`<h1>${t("subscribe.manageTitle")}</h1>
${saved ? html`<p class="notice" role="status">${t("subscribe.saved")}</p>` : ""}
<p>${
      subscription.channel && subscription.channel !== "email"
        ? t("subscribe.manageChannel", { name: ws.name })
        : view.tr.th(state, { name: ws.name, email: html`<strong>${subscription.email}</strong>` })
    }
${t(followed.size ? "subscribe.followSome" : "subscribe.followAll")}</p>
<form class="form" method="post" action="${view.site.base}/public/subscriptions/manage${query}">
${localeField(view)}
${componentChoices(data, view, followed)}
<label class="choice"><input type="checkbox" name="postmortems"${subscription.postmortems ? html` checked` : ""}> ${t("subscribe.postmortems")}</label>
<button type="submit">${t("subscribe.save")}</button>
</form>
<form class="form" method="post" action="${view.site.base}/public/subscriptions/unsubscribe${query}">
${localeField(view)}
<button type="submit" class="secondary">${t("subscribe.unsubscribeButton")}</button>
</form>`,
    `/public/subscriptions/manage${query}`,
  );
}
