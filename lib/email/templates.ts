import { html, type SafeHtml } from "@/lib/content/html";
import { markdownToHtml } from "@/lib/content/markdown";
import type { EventData } from "@/lib/outbox/outbox";
import type { AvailabilityReport } from "@/lib/reports/schemas";
import { translator, type MessageKey, type Translator } from "@/lib/i18n/translate";
import { labelOf } from "@/lib/status/labels";

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

function page(title: string, body: SafeHtml, footer: SafeHtml, lang = "en"): string {
  return html`<!doctype html>
<html lang="${lang}">
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

function subscriberFooter(tr: Translator, workspace: string, links: SubscriberLinks) {
  const why = tr.t("mail.why", { name: workspace });
  return {
    html: html`<p>${why}
<a href="${links.manageUrl}" style="color:#52525b">${tr.t("mail.manage")}</a> ·
<a href="${links.unsubscribeUrl}" style="color:#52525b">${tr.t("mail.unsubscribe")}</a></p>`,
    text: [
      "",
      "--",
      why,
      tr.t("mail.manageLink", { url: links.manageUrl }),
      tr.t("mail.unsubscribeLink", { url: links.unsubscribeUrl }),
    ].join("\n"),
  };
}

/** What a subscriber asked to follow, in words. */
function following(tr: Translator, componentNames: string[]): string {
  return componentNames.length ? tr.list(componentNames) : tr.t("mail.everyComponent");
}

/** To a subscriber, in their language: the link that confirms the subscription. */
export function confirmationMail({
  tr,
  workspace,
  confirmUrl,
  componentNames,
  channel,
}: {
  tr: Translator;
  workspace: string;
  confirmUrl: string;
  componentNames: string[];
  /** Where updates will go: email, or the chat channel or webhook the request named. */
  channel?: string;
}): Composed {
  const { t } = tr;
  const subject = t("mail.confirmSubject", { name: workspace });
  const asked = following(tr, componentNames);
  const expiry = t("mail.confirmExpiry");
  const where =
    channel === "slack" || channel === "teams" || channel === "webhook"
      ? t(`mail.confirmChannel.${channel}`)
      : null;
  const intro = where ? "mail.confirmBodyChannel" : "mail.confirmBody";
  const text = [
    t(intro, { name: workspace, components: asked }),
    ...(where ? ["", where] : []),
    "",
    t("mail.confirmLink", { url: confirmUrl }),
    "",
    expiry,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>${tr.th(intro, { name: workspace, components: html`<strong>${asked}</strong>` })}</p>
${where ? html`<p>${where}</p>` : ""}
${button(confirmUrl, t("mail.confirmButton"))}
<p style="font-size:13px;color:#52525b">${t("mail.openLink", { url: confirmUrl })}</p>
<p style="font-size:13px;color:#52525b">${expiry}</p>`;
  return { subject, text, html: page(subject, body, html``, tr.locale) };
}

export function alreadySubscribedMail({
  tr,
  workspace,
  links,
}: {
  tr: Translator;
  workspace: string;
  links: SubscriberLinks;
}): Composed {
  const { t } = tr;
  const subject = t("mail.alreadySubject", { name: workspace });
  const footer = subscriberFooter(tr, workspace, links);
  const message = t("mail.alreadyBody", { name: workspace });
  const text = [message, "", t("mail.alreadyLink", { url: links.manageUrl }), footer.text].join(
    "\n",
  );
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>${message}</p>
${button(links.manageUrl, t("mail.manage"))}`;
  return { subject, text, html: page(subject, body, footer.html, tr.locale) };
}

/** A chat or webhook subscription ended because its deliveries kept failing. */
export function channelEndedMail({
  tr,
  workspace,
  subscribeUrl,
}: {
  tr: Translator;
  workspace: string;
  subscribeUrl: string;
}): Composed {
  const { t } = tr;
  const subject = t("mail.channelEndedSubject", { name: workspace });
  const message = t("mail.channelEndedBody", { name: workspace });
  const text = [message, "", t("mail.channelEndedLink", { url: subscribeUrl })].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>${message}</p>
${button(subscribeUrl, t("mail.subscribeAgain"))}`;
  return { subject, text, html: page(subject, body, html``, tr.locale) };
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

/** An emailed sign-in link to an audience page. */
export function pageSignInMail({
  workspace,
  signInUrl,
}: {
  workspace: string;
  signInUrl: string;
}): Composed {
  const subject = `Sign in to the ${workspace} status page`;
  const lead = `Someone, hopefully you, asked to read the ${workspace} status page with this address.`;
  const after =
    "The link works once, for 15 minutes: whoever opens it reads the page as you, so do not forward it. If you did not ask for this, ignore this message.";
  const text = [lead, "", `Sign in: ${signInUrl}`, "", after].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${subject}</h1>
<p>${lead}</p>
${button(signInUrl, "Sign in")}
<p style="font-size:13px;color:#52525b">Or open this link: ${signInUrl}</p>
<p style="font-size:13px;color:#52525b">${after}</p>`;
  return { subject, text, html: page(subject, body, html``) };
}

function details(tr: Translator, rows: [string, string][]) {
  return {
    html: html`<table style="border-collapse:collapse;margin:0 0 16px">${rows.map(
      ([label, value]) =>
        html`<tr><th style="text-align:left;padding:2px 16px 2px 0;font-weight:600">${label}</th><td style="padding:2px 0">${value}</td></tr>`,
    )}</table>`,
    text: rows.map(([label, value]) => tr.t("text.labelled", { label, value })).join("\n"),
  };
}

/** The word for a value of one of the status sets (event data carries them as strings). */
const word = (
  tr: Translator,
  set: "incident" | "impact" | "component" | "maintenance",
  value: string,
) => tr.t(`${set}.${value}` as MessageKey);

/** The status page's overall status after the change, in the subscriber's words. */
const pageStatus = (tr: Translator, data: EventData): [string, string][] =>
  data.status ? [[tr.t("mail.pageStatus"), tr.t(`overall.${data.status.indicator}`)]] : [];

const MAINTENANCE_HEADLINE = {
  "maintenance.scheduled": "mail.maintenanceScheduled",
  "maintenance.started": "mail.maintenanceStarted",
  "maintenance.completed": "mail.maintenanceCompleted",
  "maintenance.cancelled": "mail.maintenanceCancelled",
  "maintenance.updated": "mail.maintenanceUpdated",
  "maintenance.reminder": "mail.maintenanceReminder",
} as const;

/** An incident or maintenance event as a subscriber's mail, in their language. */
export function eventMail({
  tr,
  timeZone,
  type,
  data,
  componentNames,
  hidden,
  links,
}: {
  tr: Translator;
  /** The status page's zone, which the mail's times are written in. */
  timeZone: string;
  type: string;
  data: EventData;
  componentNames: Map<string, string>;
  /** Components the subscriber's page does not show: left out of the mail. */
  hidden: ReadonlySet<string>;
  links: SubscriberLinks;
}): Composed {
  const { t } = tr;
  const workspace = data.workspace.name;
  const name = (id: string) => componentNames.get(id) ?? t("mail.removedComponent");
  const footer = subscriberFooter(tr, workspace, links);
  let headline: string;
  let title: string;
  let rows: [string, string][];
  let message: string;
  let affected: string[];
  let linkLabel: string;
  if (data.incident) {
    const incident = data.incident;
    const postmortem = type === "incident.postmortem_published";
    headline = postmortem ? t("mail.postmortem") : word(tr, "incident", incident.status);
    title = incident.title;
    const latest = incident.updates[0];
    rows = [
      [t("mail.status"), word(tr, "incident", incident.status)],
      [t("mail.impact"), word(tr, "impact", incident.impact)],
      ...(latest?.estimatedResolutionAt
        ? ([
            [
              t("mail.estimatedResolution"),
              tr.dateTime(new Date(latest.estimatedResolutionAt), timeZone),
            ],
          ] as [string, string][])
        : []),
      ...(latest?.nextUpdateBy
        ? ([[t("mail.nextUpdateBy"), tr.dateTime(new Date(latest.nextUpdateBy), timeZone)]] as [
            string,
            string,
          ][])
        : []),
      ...pageStatus(tr, data),
    ];
    message = (postmortem ? incident.postmortem?.body : incident.updates[0]?.body) ?? "";
    affected = incident.components
      .filter((c) => !hidden.has(c.componentId))
      .map((c) =>
        t("text.labelled", { label: name(c.componentId), value: word(tr, "component", c.status) }),
      );
    linkLabel = t("mail.viewIncident");
  } else {
    const window = data.maintenance!;
    headline = t(
      MAINTENANCE_HEADLINE[type as keyof typeof MAINTENANCE_HEADLINE] ?? "mail.maintenance",
    );
    title = window.title;
    rows = [
      [t("mail.status"), word(tr, "maintenance", window.status)],
      [t("mail.starts"), tr.dateTime(new Date(window.startsAt), timeZone)],
      [t("mail.ends"), tr.dateTime(new Date(window.endsAt), timeZone)],
      ...pageStatus(tr, data),
    ];
    message = type === "maintenance.updated" ? (window.updates?.[0]?.body ?? "") : window.body;
    affected = window.componentIds.filter((id) => !hidden.has(id)).map(name);
    linkLabel = t("mail.viewMaintenance");
  }
  const subject = t("mail.subject", { name: workspace, headline, title });
  const heading = t("text.labelled", { label: headline, value: title });
  // The public page about it, in the subscriber's language.
  const url = `${data.url}${data.url.includes("?") ? "&" : "?"}locale=${encodeURIComponent(tr.locale)}`;
  const table = details(tr, rows);
  const text = [
    heading,
    "",
    table.text,
    ...(affected.length
      ? ["", t("text.heading", { label: t("mail.affected") }), ...affected.map((a) => `- ${a}`)]
      : []),
    ...(message ? ["", message] : []),
    "",
    t("text.labelled", { label: linkLabel, value: url }),
    footer.text,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${heading}</h1>
${table.html}
${affected.length ? html`<p style="margin:0 0 4px;font-weight:600">${t("mail.affected")}</p><ul style="margin:0 0 16px">${affected.map((a) => html`<li>${a}</li>`)}</ul>` : ""}
${message ? markdownToHtml(message) : ""}
${button(url, linkLabel)}`;
  return { subject, text, html: page(subject, body, footer.html, tr.locale) };
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
  const table = details(translator("en"), rows);
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

/** To the members who posted in an incident: the next update they promised has not come. */
export function updateOverdueMail({ data }: { data: EventData }): Composed {
  const incident = data.incident!;
  const workspace = data.workspace.name;
  const promised = incident.nextUpdateBy ?? incident.updates[0]?.nextUpdateBy ?? null;
  const subject = `[${workspace}] Update overdue: ${incident.title}`;
  const rows: [string, string][] = [
    ["Incident", incident.title],
    ["Status", labelOf(incident.status)],
    ...(promised ? ([["Next update promised by", inUtc(promised)]] as [string, string][]) : []),
  ];
  const table = details(translator("en"), rows);
  const advice =
    "Readers of the status page were told when to expect the next update. Post one, even to say there is nothing new, and name when the next will come.";
  const heading = `The promised update on ${incident.title} is overdue`;
  const text = [heading, "", table.text, "", advice, "", `Post an update: ${data.url}`].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${heading}</h1>
${table.html}
<p>${advice}</p>
${button(data.url, "Post an update")}`;
  return { subject, text, html: page(subject, body, html``) };
}

const percentOf = (value: number | null) =>
  value === null ? "not observed" : `${value.toFixed(3)} %`;
const downtimeOf = (minutes: number) =>
  `${minutes.toLocaleString("en", { maximumFractionDigits: 2 })} min down`;

/** Last month's availability, to the addresses an admin named: the numbers the API answers. */
export function availabilityReportMail({
  workspace,
  period,
  report,
  url,
}: {
  workspace: string;
  /** `2026-10`. */
  period: string;
  report: AvailabilityReport;
  url: string;
}): Composed {
  const month = new Intl.DateTimeFormat("en-GB", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${period}-01T00:00:00Z`));
  const overall = percentOf(report.overall.availabilityPercent);
  const subject = `[${workspace}] Availability for ${month}: ${overall}`;
  const rows: [string, string][] = [
    ["Overall", `${overall} · ${downtimeOf(report.overall.downtimeMinutes)}`],
    ...report.components.map((c): [string, string] => [
      c.name,
      `${percentOf(c.availabilityPercent)} · ${downtimeOf(c.downtimeMinutes)}`,
    ]),
  ];
  const table = details(translator("en"), rows);
  const events = `${report.incidents.length} incident${report.incidents.length === 1 ? "" : "s"} and ${report.maintenances.length} maintenance window${report.maintenances.length === 1 ? "" : "s"} in ${month} (${report.timeZone}).`;
  const heading = `Availability for ${month}`;
  const text = [
    heading,
    "",
    table.text,
    "",
    events,
    report.formula,
    "",
    `Open the report: ${url}`,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 16px">${heading}</h1>
${table.html}
<p>${events}</p>
<p style="font-size:13px;color:#52525b">${report.formula}</p>
${button(url, "Open the report")}`;
  return { subject, text, html: page(subject, body, html``) };
}
