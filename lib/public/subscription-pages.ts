import { html, type SafeHtml } from "@/lib/content/html";
import type { PublicData, PublicWorkspace } from "./load";
import { layout } from "./pages";

/**
 * The subscriber's pages: subscribe, confirm, unsubscribe and manage. Each is a plain form that
 * works without JavaScript; buttons POST, so a mail scanner following a link changes nothing.
 */

const page = (ws: PublicWorkspace, title: string, body: SafeHtml) =>
  layout(ws, { title: `${title} · ${ws.name} status`, description: title, body });

/** Checkboxes for the components, ungrouped first and then by group, as on the status page. */
function componentChoices(data: PublicData, selected: ReadonlySet<string>): SafeHtml {
  const choice = (id: string, name: string) =>
    html`<label class="choice"><input type="checkbox" name="componentIds" value="${id}"${selected.has(id) ? html` checked` : ""}> ${name}</label>`;
  const byId = new Map(data.components.map((c) => [c.id, c]));
  const ungrouped = data.components.filter((c) => !c.groupId);
  if (!data.components.length) return html``;
  return html`<fieldset>
<legend>Components</legend>
<p class="muted">Choose none to hear about everything.</p>
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

export function subscribePage(
  data: PublicData,
  { error, email }: { error?: string; email?: string } = {},
): string {
  return page(
    data.workspace,
    "Subscribe to updates",
    html`<h1>Subscribe to updates</h1>
<p>Get an email when ${data.workspace.name} posts an incident or schedules maintenance. We send a link to confirm first; nothing else arrives until you do.</p>
${error ? html`<p class="notice" role="alert">${error}</p>` : ""}
<form class="form" method="post" action="/public/subscriptions">
<label for="email">Email address</label>
<input id="email" type="email" name="email" required autocomplete="email" maxlength="254" value="${email ?? ""}">
<div class="trap" aria-hidden="true"><label for="website">Leave this empty</label><input id="website" name="website" tabindex="-1" autocomplete="off"></div>
${componentChoices(data, new Set())}
<button type="submit">Subscribe by email</button>
</form>
<p>Or follow the <a href="/history.rss">RSS</a> or <a href="/history.atom">Atom</a> feed.</p>`,
  );
}

export function subscriptionRequestedPage(ws: PublicWorkspace): string {
  return page(
    ws,
    "Check your inbox",
    html`<h1>Check your inbox</h1>
<p class="notice" role="status">If that address can subscribe, a message with a link to confirm is on its way. The link works for 7 days.</p>
<p><a href="/">Back to the status page</a></p>`,
  );
}

export function confirmPage(ws: PublicWorkspace, token: string): string {
  return page(
    ws,
    "Confirm your subscription",
    html`<h1>Confirm your subscription</h1>
<p>Confirm to start getting ${ws.name} status updates by email.</p>
<form class="form" method="post" action="/public/subscriptions/confirm?token=${encodeURIComponent(token)}">
<button type="submit">Confirm subscription</button>
</form>`,
  );
}

export function confirmedPage(ws: PublicWorkspace, manageUrl: string): string {
  return page(
    ws,
    "Subscription confirmed",
    html`<h1>You are subscribed</h1>
<p class="notice" role="status">You will get an email when ${ws.name} posts an incident or schedules maintenance.</p>
<p><a href="${manageUrl}">Choose what you follow</a> · <a href="/">Back to the status page</a></p>`,
  );
}

export function linkProblemPage(ws: PublicWorkspace, reason: "expired" | "invalid"): string {
  const text =
    reason === "expired"
      ? "This confirmation link has expired. Subscribe again to get a new one."
      : "This link is not valid: it may have been used already, or the subscription has ended.";
  return page(
    ws,
    reason === "expired" ? "Link expired" : "Link not valid",
    html`<h1>${reason === "expired" ? "Link expired" : "Link not valid"}</h1>
<p class="notice" role="alert">${text}</p>
<p><a href="/public/subscriptions">Subscribe</a> · <a href="/">Back to the status page</a></p>`,
  );
}

export function unsubscribePage(ws: PublicWorkspace, token: string, email: string): string {
  return page(
    ws,
    "Unsubscribe",
    html`<h1>Unsubscribe</h1>
<p>Stop sending ${ws.name} status updates to <strong>${email}</strong>?</p>
<form class="form" method="post" action="/public/subscriptions/unsubscribe?token=${encodeURIComponent(token)}">
<button type="submit">Unsubscribe</button>
</form>`,
  );
}

export function unsubscribedPage(ws: PublicWorkspace): string {
  return page(
    ws,
    "Unsubscribed",
    html`<h1>You are unsubscribed</h1>
<p class="notice" role="status">No more ${ws.name} status updates will be sent to this address.</p>
<p><a href="/public/subscriptions">Subscribe again</a> · <a href="/">Back to the status page</a></p>`,
  );
}

export function managePage(
  data: PublicData,
  token: string,
  subscription: { email: string; state: string; componentIds: string[] },
  saved = false,
): string {
  const ws = data.workspace;
  const query = `?token=${encodeURIComponent(token)}`;
  const followed = new Set(subscription.componentIds);
  return page(
    ws,
    "Your subscription",
    html`<h1>Your subscription</h1>
${saved ? html`<p class="notice" role="status">Saved.</p>` : ""}
<p>Status updates of ${ws.name} go to <strong>${subscription.email}</strong>${subscription.state === "active" ? "" : html` (${subscription.state === "bounced" ? "paused: mail to this address was refused" : "waiting for confirmation"})`}.
You follow ${followed.size ? "the components checked below" : "everything"}.</p>
<form class="form" method="post" action="/public/subscriptions/manage${query}">
${componentChoices(data, followed)}
<button type="submit">Save</button>
</form>
<form class="form" method="post" action="/public/subscriptions/unsubscribe${query}">
<button type="submit" class="secondary">Unsubscribe</button>
</form>`,
  );
}
