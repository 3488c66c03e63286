/**
 * What visitors and subscribers read, in English: the reference every other language's
 * catalog has the same keys and arguments as. ICU message format
 * (https://unicode-org.github.io/icu/userguide/format_parse/messages/).
 */
export const en = {
  // Every page
  "page.title": "{name} status",
  "page.description": "{headline}. Live status, incidents and maintenance of {name}.",
  "page.skip": "Skip to content",
  "page.subscribe": "Subscribe to updates",
  "page.emailAddress": "Email address",
  "page.leaveEmpty": "Leave this empty",
  "page.subscribeByEmail": "Subscribe by email",
  "page.chooseComponents": "Choose components…",
  "page.rssFeed": "RSS feed",
  "page.atomFeed": "Atom feed",
  "page.feedTitleRss": "{name} incidents (RSS)",
  "page.feedTitleAtom": "{name} incidents (Atom)",
  "page.more": "More",
  "page.history": "Incident history",
  "page.rss": "RSS",
  "page.atom": "Atom",
  "page.poweredBy": "Powered by {product}",
  "page.language": "Language",
  "page.support": "Get support",
  "page.siteLinks": "Links",
  "page.home": "{name} status home",
  "page.back": "← Current status",
  "page.backToStatus": "Back to the status page",

  // Status words
  "component.operational": "Operational",
  "component.degraded_performance": "Degraded performance",
  "component.partial_outage": "Partial outage",
  "component.major_outage": "Major outage",
  "component.under_maintenance": "Under maintenance",
  "incident.investigating": "Investigating",
  "incident.identified": "Identified",
  "incident.monitoring": "Monitoring",
  "incident.resolved": "Resolved",
  "impact.none": "No impact",
  "impact.minor": "Minor impact",
  "impact.major": "Major impact",
  "impact.critical": "Critical impact",
  "maintenance.scheduled": "Scheduled",
  "maintenance.in_progress": "In progress",
  "maintenance.completed": "Completed",
  "maintenance.cancelled": "Cancelled",
  "overall.none": "All Systems Operational",
  "overall.maintenance": "Service Under Maintenance",
  "overall.minor": "Minor Service Outage",
  "overall.major": "Major Service Outage",
  "overall.critical": "Critical Service Outage",

  // The status page
  "status.updated": "Last updated {time}",
  "status.active": "Active incidents",
  "status.maintenance": "Maintenance",
  "status.components": "Components",
  "status.noComponents": "No components yet.",
  "status.past": "Past incidents",
  "status.noIncidents": "No incidents reported.",
  "status.quietDays":
    "{days, plural, one {No incidents reported on {from}.} other {No incidents reported from {from} to {to}.}}",
  "status.affects": "Affects: {names}",
  "status.edited": "(edited)",
  "status.resolvedAfter": "Resolved after {duration}",

  // Uptime bars
  "bar.daysAgo": "{days} days ago",
  "bar.today": "Today",
  "bar.uptime": "{percent} % uptime",
  "bar.noData": "No data",
  "bar.dayNoData": "{day}: no data",
  "bar.day": "{day}: {status}, {percent} % uptime",
  "bar.days": "{from} – {to}: {status}, {percent} % uptime",
  "bar.summaryNoData": "{name}: no uptime data yet.",
  "bar.summary": "{name}: {percent} % uptime over the last {days} days.",
  "bar.problemDays": "Days with problems: {days}.",
  "bar.problemDaysMore":
    "Days with problems: {days}, and {more, plural, one {# more day} other {# more days}}.",
  "bar.problemDay": "{day}: {status} ({percent} %)",
  "bar.noProblems": "No problems.",
  "bar.downMinutes":
    "{minutes, plural, =0 {No downtime} one {# minute down} other {# minutes down}}",
  "bar.dayIncidents": "Incidents",
  "bar.dayMaintenance": "Maintenance",
  "bar.nothingThatDay": "No incidents or maintenance.",
  "bar.dayDetail": "Details of {day}",

  // One incident, one window
  "incident.started": "Started {time}",
  "incident.startedResolved": "Started {time}, resolved {resolved}",
  "incident.estimatedResolution": "Estimated resolution: {time}",
  "incident.nextUpdateBy": "Next update by {time}",
  "incident.postmortem": "Postmortem",
  "incident.postmortemPublished": "Published {time}",
  "incident.updates": "Updates",
  "incident.pageTitle": "{title} · {name} status",
  "maintenance.began": "The maintenance began.",
  "maintenance.over": "The maintenance is over.",
  "maintenance.update": "{status} · update",
  "maintenance.description": "Maintenance: {title}",

  // History
  "history.title": "Incident history",
  "history.description": "Past incidents of {name}.",
  "history.pages": "Pages of history",
  "history.newer": "← Newer",
  "history.older": "Older →",
  "history.ongoing": "ongoing",
  "history.dayDescription": "Uptime, incidents and maintenance of {name} on {day}.",
  "history.dayUptime": "Uptime on this day",
  "history.dayIncidents": "Incidents",
  "history.dayMaintenance": "Maintenance",
  "history.noneThatDay": "No incidents or maintenance on this day.",
  "history.previousDay": "← Previous day",
  "history.nextDay": "Next day →",

  // Badges and the embedded status
  "badge.status": "status",
  "badge.uptime": "uptime",
  "badge.noData": "no data",
  "embed.open": "View the {name} status page",
  "embed.incidents": "{count, plural, one {# active incident} other {# active incidents}}",

  // Not there
  "notFound.title": "Not found",
  "notFound.description": "This page does not exist.",
  "notFound.body": "There is nothing public at this address.",
  "notFound.link": "See the current status",

  // A private page
  "private.title": "This status page is private",
  "private.lead": "Enter the page's password to read it.",
  "private.password": "Password",
  "private.enter": "Open the page",
  "private.wrong": "That password is not right.",
  "private.tooMany": "Too many attempts; try again in {seconds, number} s.",
  "private.signInLead": "Sign in with your email address to read it: we send you a link.",
  "private.email": "Email address",
  "private.sendLink": "Email me a link",
  "private.linkSent":
    "If this address may read the page, a link to sign in is on its way. It works for 15 minutes.",
  "private.linkExpired": "That sign-in link has ended or is not valid. Ask for a new one.",
  "private.signOut": "Sign out",
  "private.signInWithProvider": "Sign in with single sign-on",
  "private.orEmail": "Or get a sign-in link by email:",
  "private.notReader":
    "That account may not read this page. Sign in with another, or ask the page's owner.",
  "private.continueLead": "Your sign-in link is ready.",
  "private.continue": "Sign in and open the page",

  // Subscribing
  "subscribe.intro":
    "Get an email when {name} posts an incident or schedules maintenance. We send a link to confirm first; nothing else arrives until you do.",
  "subscribe.components": "Components",
  "subscribe.chooseNone": "Choose none to hear about everything.",
  "subscribe.feeds": "Or follow the {rss} or {atom} feed.",
  "subscribe.invalidEmail": "Enter a valid email address.",
  "subscribe.unknownComponents": "Some of the components chosen no longer exist; choose again.",
  "subscribe.tooMany":
    "Too many requests from your network. Wait {minutes, plural, one {a minute} other {# minutes}} and try again.",
  "subscribe.checkInbox": "Check your inbox",
  "subscribe.checkInboxBody":
    "If that address can subscribe, a message with a link to confirm is on its way. The link works for 7 days.",
  "subscribe.confirmTitle": "Confirm your subscription",
  "subscribe.confirmBody": "Confirm to start getting {name} status updates by email.",
  "subscribe.confirmButton": "Confirm subscription",
  "subscribe.confirmedTitle": "Subscription confirmed",
  "subscribe.confirmedHeading": "You are subscribed",
  "subscribe.confirmedBody":
    "You will get an email when {name} posts an incident or schedules maintenance.",
  "subscribe.chooseFollowed": "Choose what you follow",
  "subscribe.expiredTitle": "Link expired",
  "subscribe.expiredBody": "This confirmation link has expired. Subscribe again to get a new one.",
  "subscribe.invalidTitle": "Link not valid",
  "subscribe.invalidBody":
    "This link is not valid: it may have been used already, or the subscription has ended.",
  "subscribe.subscribe": "Subscribe",
  "subscribe.unsubscribeTitle": "Unsubscribe",
  "subscribe.unsubscribeBody": "Stop sending {name} status updates to {email}?",
  "subscribe.unsubscribeButton": "Unsubscribe",
  "subscribe.unsubscribedTitle": "Unsubscribed",
  "subscribe.unsubscribedHeading": "You are unsubscribed",
  "subscribe.unsubscribedBody": "No more {name} status updates will be sent to this address.",
  "subscribe.subscribeAgain": "Subscribe again",
  "subscribe.manageTitle": "Your subscription",
  "subscribe.saved": "Saved.",
  "subscribe.manageActive": "Status updates of {name} go to {email}.",
  "subscribe.managePaused":
    "Status updates of {name} go to {email} (paused: mail to this address was refused).",
  "subscribe.managePending": "Status updates of {name} go to {email} (waiting for confirmation).",
  "subscribe.followSome": "You follow the components checked below.",
  "subscribe.followAll": "You follow everything.",
  "subscribe.save": "Save",

  // Feeds
  "feed.title": "{name} status",
  "feed.description": "Incidents and their updates from the {name} status page.",

  // Email to subscribers
  "mail.confirmSubject": "Confirm your subscription to {name} status",
  "mail.confirmBody":
    "Someone, hopefully you, asked to get {name} status updates by email for: {components}.",
  "mail.everyComponent": "every component",
  "mail.confirmButton": "Confirm subscription",
  "mail.confirmLink": "Confirm your subscription: {url}",
  "mail.openLink": "Or open this link: {url}",
  "mail.confirmExpiry":
    "The link works once and expires in 7 days. If you did not ask for this, ignore this message: nothing will be sent without confirmation.",
  "mail.alreadySubject": "You are already subscribed to {name} status",
  "mail.alreadyBody":
    "Someone, hopefully you, asked to subscribe this address to {name} status updates. It is already subscribed, so nothing changed.",
  "mail.alreadyLink": "Choose what you follow, or unsubscribe: {url}",
  "mail.manage": "Manage your subscription",
  "mail.manageLink": "Manage your subscription: {url}",
  "mail.unsubscribe": "Unsubscribe",
  "mail.unsubscribeLink": "Unsubscribe: {url}",
  "mail.why": "You get this because you subscribed to {name} status updates.",
  "mail.subject": "[{name} status] {headline}: {title}",
  "mail.status": "Status",
  "mail.pageStatus": "Status page",
  "mail.impact": "Impact",
  "mail.starts": "Starts",
  "mail.ends": "Ends",
  "mail.estimatedResolution": "Estimated resolution",
  "mail.nextUpdateBy": "Next update by",
  "mail.postmortem": "Postmortem",
  "subscribe.postmortems":
    "Also send postmortems: what happened and what changes, once an incident is over",
  "mail.affected": "Affected components",
  "mail.removedComponent": "A removed component",
  "mail.viewIncident": "View the incident",
  "mail.viewMaintenance": "View the maintenance",
  "mail.maintenanceScheduled": "Maintenance scheduled",
  "mail.maintenanceStarted": "Maintenance started",
  "mail.maintenanceCompleted": "Maintenance completed",
  "mail.maintenanceCancelled": "Maintenance cancelled",
  "mail.maintenanceUpdated": "Maintenance update",
  "mail.maintenanceReminder": "Maintenance starts soon",
  "mail.maintenance": "Maintenance",
  // A page without its data: before setup, or with no copy to show
  "unavailable.title": "Status temporarily unavailable",
  "unavailable.heading": "Temporarily unavailable",
  "unavailable.body": "The status page cannot be shown right now. Please try again in a moment.",
  "notSetUp.heading": "Welcome to {product}",
  "notSetUp.body": "This deployment has not been set up yet.",
  "notSetUp.action": "Set up",
  // A label and what it names, with the language's own colon
  "text.labelled": "{label}: {value}",
  "text.heading": "{label}:",
  "text.percent": "{percent} %",
  // Chat and webhook subscriptions
  "subscribe.unsubscribeChannelBody":
    "Stop sending {name} status updates to this chat channel or webhook?",
  "subscribe.manageChannel": "Status updates of {name} go to a chat channel or webhook.",
  "mail.confirmBodyChannel":
    "Someone, hopefully you, asked for {name} status updates about: {components}.",
  "mail.confirmChannel.slack":
    "Its updates will go to the Slack channel whose webhook URL was given on the status page, not to this address.",
  "mail.confirmChannel.teams":
    "Its updates will go to the Microsoft Teams channel whose Workflows URL was given on the status page, not to this address.",
  "mail.confirmChannel.webhook":
    "Its updates will go, signed, to the webhook URL given on the status page, not to this address.",
  "mail.channelEndedSubject": "{name} status updates to your channel have stopped",
  "mail.channelEndedBody":
    "The chat channel or webhook subscribed to {name} status has not accepted its updates for a week, so the subscription has ended and nothing more will be sent to it.",
  "mail.channelEndedLink": "Subscribe again: {url}",
  "mail.subscribeAgain": "Subscribe again",
  "subscribe.channelHeading": "Follow in Slack, Microsoft Teams or by webhook",
  "subscribe.channelIntro":
    "Updates go to your channel once the contact address confirms from the email we send it.",
  "subscribe.channel": "Where",
  "subscribe.channelSlack": "Slack (incoming webhook URL)",
  "subscribe.channelTeams": "Microsoft Teams (Workflows URL)",
  "subscribe.channelWebhook": "Webhook (signed JSON)",
  "subscribe.channelUrl": "Webhook URL",
  "subscribe.contactEmail": "Contact email",
  "subscribe.subscribeChannel": "Subscribe the channel",
  "subscribe.invalidUrl": "Enter the channel's public https URL.",
  "subscribe.secretTitle": "The webhook's signing secret",
  "subscribe.secretBody":
    "Every request is signed with this secret (Standard Webhooks). Copy it now: it is shown only once.",
} as const;

export type MessageKey = keyof typeof en;
export type Messages = Record<MessageKey, string>;
