import { html, type SafeHtml } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import type { EventData } from "@/lib/outbox/outbox";
import { EVENT_HEADLINE, labelOf } from "@/lib/status/labels";

/** A message's content: a subject, a real text part, and the same as HTML. */
export type Composed = { subject: string; text: string; html: string };

/** The links every mail to a subscriber carries. */
export type SubscriberLinks = { unsubscribeUrl: string; manageUrl: string };

const utc = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
export const inUtc = (iso: string) => `${utc.format(new Date(iso))} UTC`;

function page(title: string, body: SafeHtml, footer: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
</head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;color:#18181b;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
</div>
<div style="max-width:560px;margin:16px auto 0;font-size:13px;color:#52525b">
${footer}
</div>
</body>
</html>
`.value;
}

const button = (href: string, label: string) =>
  html`<p><a href="${href}" style="display:inline-block;background:#18181b;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${label}</a></p>`;

function subscriberFooter(workspace: string, links: SubscriberLinks) {
  return {
    html: html`<p>You get this because you subscribed to ${workspace} status updates.
<a href="${links.manageUrl}" style="color:#52525b">Manage your subscription</a> ·
<a href="${links.unsubscribeUrl}" style="color:#52525b">Unsubscribe</a></p>`,
    text: [
      "",
      "--",
      `You get this because you subscribed to ${workspace} status updates.`,
      `Manage your subscription: ${links.manageUrl}`,
      `Unsubscribe: ${links.unsubscribeUrl}`,
    ].join("\n"),
  };
}

/** What a subscriber asked to follow, in words. */
function following(componentNames: string[]): string {
  return componentNames.length ? componentNames.join(", ") : "every component";
}

export function confirmationMail({
  workspace,
  confirmUrl,
  componentNames,
}: {
  workspace: string;
  confirmUrl: string;
  componentNames: string[];
}): Composed {
  const subject = `Confirm your subscription to ${workspace} status`;
  const asked = following(componentNames);
  const text = [
    `Someone, hopefully you, asked to get ${workspace} status updates by email for: ${asked}.`,
    "",
    `Confirm your subscription: ${confirmUrl}`,
    "",
    "The link works once and expires in 7 days. If you did not ask for this, ignore this message: nothing will be sent without confirmation.",
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>Someone, hopefully you, asked to get ${workspace} status updates by email for: <strong>${asked}</strong>.</p>
${button(confirmUrl, "Confirm subscription")}
<p style="font-size:13px;color:#52525b">Or open this link: ${confirmUrl}</p>
<p style="font-size:13px;color:#52525b">The link works once and expires in 7 days. If you did not ask for this, ignore this message: nothing will be sent without confirmation.</p>`;
  return { subject, text, html: page(subject, body, html``) };
}

export function alreadySubscribedMail({
  workspace,
  links,
}: {
  workspace: string;
  links: SubscriberLinks;
}): Composed {
  const subject = `You are already subscribed to ${workspace} status`;
  const footer = subscriberFooter(workspace, links);
  const text = [
    `Someone, hopefully you, asked to subscribe this address to ${workspace} status updates. It is already subscribed, so nothing changed.`,
    "",
    `Choose what you follow, or unsubscribe: ${links.manageUrl}`,
    footer.text,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>Someone, hopefully you, asked to subscribe this address to ${workspace} status updates. It is already subscribed, so nothing changed.</p>
${button(links.manageUrl, "Manage your subscription")}`;
  return { subject, text, html: page(subject, body, footer.html) };
}

export function invitationMail({
  workspace,
  acceptUrl,
}: {
  workspace: string;
  acceptUrl: string;
}): Composed {
  const subject = `You are invited to ${workspace} on Allclear`;
  const text = [
    `You have been invited to help run the ${workspace} status page.`,
    "",
    `Accept the invitation and choose your password: ${acceptUrl}`,
    "",
    "The link works once and expires in 7 days.",
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>You have been invited to help run the ${workspace} status page.</p>
${button(acceptUrl, "Accept the invitation")}
<p style="font-size:13px;color:#52525b">Or open this link: ${acceptUrl}</p>
<p style="font-size:13px;color:#52525b">The link works once and expires in 7 days.</p>`;
  return { subject, text, html: page(subject, body, html``) };
}

export function passwordResetMail({
  workspace,
  resetUrl,
}: {
  workspace: string;
  resetUrl: string;
}): Composed {
  const subject = `Reset your ${workspace} password`;
  const text = [
    `Someone, hopefully you, asked to reset the password of your account on the ${workspace} status page.`,
    "",
    `Choose a new password: ${resetUrl}`,
    "",
    "The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays as it is.",
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>Someone, hopefully you, asked to reset the password of your account on the ${workspace} status page.</p>
${button(resetUrl, "Choose a new password")}
<p style="font-size:13px;color:#52525b">Or open this link: ${resetUrl}</p>
<p style="font-size:13px;color:#52525b">The link works once and expires in 1 hour. If you did not ask for this, ignore this message: your password stays as it is.</p>`;
  return { subject, text, html: page(subject, body, html``) };
}

function details(rows: [string, string][]) {
  return {
    html: html`<table style="border-collapse:collapse;margin:0 0 16px">${rows.map(
      ([label, value]) =>
        html`<tr><th style="text-align:left;padding:2px 16px 2px 0;font-weight:600">${label}</th><td style="padding:2px 0">${value}</td></tr>`,
    )}</table>`,
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
  };
}

/** An incident or maintenance event as a subscriber's mail. */
export function eventMail({
  type,
  data,
  componentNames,
  links,
}: {
  type: string;
  data: EventData;
  componentNames: Map<string, string>;
  links: SubscriberLinks;
}): Composed {
  const workspace = data.workspace.name;
  const name = (id: string) => componentNames.get(id) ?? "A removed component";
  const footer = subscriberFooter(workspace, links);
  let subject: string;
  let rows: [string, string][];
  let message: string;
  let affected: string[];
  let linkLabel: string;
  if (data.incident) {
    const incident = data.incident;
    subject = `[${workspace} status] ${labelOf(incident.status)}: ${incident.title}`;
    rows = [
      ["Status", labelOf(incident.status)],
      ["Impact", labelOf(incident.impact)],
    ];
    message = incident.updates[0]?.body ?? "";
    affected = incident.components.map((c) => `${name(c.componentId)}: ${labelOf(c.status)}`);
    linkLabel = "View the incident";
  } else {
    const window = data.maintenance!;
    const headline = EVENT_HEADLINE[type] ?? "Maintenance";
    subject = `[${workspace} status] ${headline}: ${window.title}`;
    rows = [
      ["Status", labelOf(window.status)],
      ["Starts", inUtc(window.startsAt)],
      ["Ends", inUtc(window.endsAt)],
    ];
    message = type === "maintenance.updated" ? (window.updates?.[0]?.body ?? "") : window.body;
    affected = window.componentIds.map(name);
    linkLabel = "View the maintenance";
  }
  const table = details(rows);
  const text = [
    subject.replace(/^\[[^\]]*\] /, ""),
    "",
    table.text,
    ...(affected.length ? ["", "Affected components:", ...affected.map((a) => `- ${a}`)] : []),
    ...(message ? ["", message] : []),
    "",
    `${linkLabel}: ${data.url}`,
    footer.text,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject.replace(/^\[[^\]]*\] /, "")}</h1>
${table.html}
${affected.length ? html`<p style="margin:0 0 4px;font-weight:600">Affected components</p><ul style="margin:0 0 16px">${affected.map((a) => html`<li>${a}</li>`)}</ul>` : ""}
${message ? markdownToHtml(message) : ""}
${button(data.url, linkLabel)}`;
  return { subject, text, html: page(subject, body, footer.html) };
}

/** A monitor's alert to the workspace's admins: a certificate about to expire. */
export function monitorAlertMail({ data }: { data: EventData }): Composed {
  const monitor = data.monitor!;
  const workspace = data.workspace.name;
  const days = monitor.daysLeft === 1 ? "1 day" : `${monitor.daysLeft} days`;
  const subject = `[${workspace}] The certificate of ${monitor.name} expires in ${days}`;
  const rows: [string, string][] = [
    ["Monitor", monitor.name],
    ["Checks", monitor.target],
    ["Expires", inUtc(monitor.certificateExpiresAt)],
  ];
  const table = details(rows);
  const advice =
    "Renew the certificate before it expires: from then on, checks fail and visitors' browsers refuse the site.";
  const text = [
    subject.replace(/^\[[^\]]*\] /, ""),
    "",
    table.text,
    "",
    advice,
    "",
    `Open the monitor: ${data.url}`,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject.replace(/^\[[^\]]*\] /, "")}</h1>
${table.html}
<p>${advice}</p>
${button(data.url, "Open the monitor")}`;
  return { subject, text, html: page(subject, body, html``) };
}
