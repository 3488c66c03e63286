import type { Messages } from "./en";

/** What visitors and subscribers read, in German. */
export const de: Messages = {
  // Every page
  "page.title": "Status von {name}",
  "page.description": "{headline}. Aktueller Status, Vorfälle und Wartungsarbeiten von {name}.",
  "page.skip": "Zum Inhalt springen",
  "page.subscribe": "Updates abonnieren",
  "page.emailAddress": "E-Mail-Adresse",
  "page.leaveEmpty": "Dieses Feld leer lassen",
  "page.subscribeByEmail": "Per E-Mail abonnieren",
  "page.chooseComponents": "Komponenten auswählen…",
  "page.rssFeed": "RSS-Feed",
  "page.atomFeed": "Atom-Feed",
  "page.feedTitleRss": "Vorfälle von {name} (RSS)",
  "page.feedTitleAtom": "Vorfälle von {name} (Atom)",
  "page.more": "Mehr",
  "page.history": "Verlauf der Vorfälle",
  "page.rss": "RSS",
  "page.atom": "Atom",
  "page.poweredBy": "Bereitgestellt von {product}",
  "page.language": "Sprache",
  "page.support": "Support kontaktieren",
  "page.siteLinks": "Links",
  "page.home": "Startseite des Status von {name}",
  "page.back": "← Aktueller Status",
  "page.backToStatus": "Zurück zur Statusseite",

  // Status words
  "component.operational": "Betriebsbereit",
  "component.degraded_performance": "Eingeschränkte Leistung",
  "component.partial_outage": "Teilweiser Ausfall",
  "component.major_outage": "Schwerer Ausfall",
  "component.under_maintenance": "In Wartung",
  "incident.investigating": "Untersuchung läuft",
  "incident.identified": "Ursache identifiziert",
  "incident.monitoring": "Wird beobachtet",
  "incident.resolved": "Behoben",
  "impact.none": "Keine Auswirkungen",
  "impact.minor": "Geringe Auswirkungen",
  "impact.major": "Erhebliche Auswirkungen",
  "impact.critical": "Kritische Auswirkungen",
  "maintenance.scheduled": "Geplant",
  "maintenance.in_progress": "Läuft",
  "maintenance.completed": "Abgeschlossen",
  "maintenance.cancelled": "Abgesagt",
  "overall.none": "Alle Systeme betriebsbereit",
  "overall.maintenance": "Dienst in Wartung",
  "overall.minor": "Leichte Dienststörung",
  "overall.major": "Schwerer Dienstausfall",
  "overall.critical": "Kritischer Dienstausfall",

  // The status page
  "status.updated": "Zuletzt aktualisiert: {time}",
  "status.active": "Aktuelle Vorfälle",
  "status.maintenance": "Wartungsarbeiten",
  "status.components": "Komponenten",
  "status.noComponents": "Noch keine Komponenten.",
  "status.past": "Vergangene Vorfälle",
  "status.noIncidents": "Keine Vorfälle gemeldet.",
  "status.quietDays":
    "{days, plural, one {Keine Vorfälle am {from} gemeldet.} other {Keine Vorfälle vom {from} bis {to} gemeldet.}}",
  "status.affects": "Betroffen: {names}",
  "status.edited": "(bearbeitet)",
  "status.resolvedAfter": "Nach {duration} behoben",

  // Uptime bars
  "bar.daysAgo": "vor {days} Tagen",
  "bar.today": "Heute",
  "bar.uptime": "{percent} % Verfügbarkeit",
  "bar.noData": "Keine Daten",
  "bar.dayNoData": "{day}: keine Daten",
  "bar.day": "{day}: {status}, {percent} % Verfügbarkeit",
  "bar.days": "{from} – {to}: {status}, {percent} % Verfügbarkeit",
  "bar.summaryNoData": "{name}: noch keine Verfügbarkeitsdaten.",
  "bar.summary": "{name}: {percent} % Verfügbarkeit in den letzten {days} Tagen.",
  "bar.problemDays": "Tage mit Problemen: {days}.",
  "bar.problemDaysMore":
    "Tage mit Problemen: {days} und {more, plural, one {# weiterer Tag} other {# weitere Tage}}.",
  "bar.problemDay": "{day}: {status} ({percent} %)",
  "bar.noProblems": "Keine Probleme.",
  "bar.downMinutes":
    "{minutes, plural, =0 {Keine Ausfallzeit} one {# Minute Ausfall} other {# Minuten Ausfall}}",
  "bar.dayIncidents": "Vorfälle",
  "bar.dayMaintenance": "Wartungsarbeiten",
  "bar.nothingThatDay": "Keine Vorfälle oder Wartungsarbeiten.",
  "bar.dayDetail": "Details für {day}",

  // One incident, one window
  "incident.started": "Begonnen am {time}",
  "incident.startedResolved": "Begonnen am {time}, behoben am {resolved}",
  "incident.estimatedResolution": "Voraussichtlich behoben: {time}",
  "incident.nextUpdateBy": "Nächstes Update bis {time}",
  "incident.postmortem": "Nachbetrachtung",
  "incident.postmortemPublished": "Veröffentlicht am {time}",
  "incident.updates": "Aktualisierungen",
  "incident.pageTitle": "{title} · Status von {name}",
  "maintenance.began": "Die Wartungsarbeiten haben begonnen.",
  "maintenance.over": "Die Wartungsarbeiten sind abgeschlossen.",
  "maintenance.update": "{status} · Aktualisierung",
  "maintenance.description": "Wartung: {title}",

  // History
  "history.title": "Verlauf der Vorfälle",
  "history.description": "Vergangene Vorfälle von {name}.",
  "history.pages": "Seiten des Verlaufs",
  "history.newer": "← Neuere",
  "history.older": "Ältere →",
  "history.ongoing": "andauernd",
  "history.dayDescription": "Verfügbarkeit, Vorfälle und Wartungsarbeiten von {name} am {day}.",
  "history.dayUptime": "Verfügbarkeit an diesem Tag",
  "history.dayIncidents": "Vorfälle",
  "history.dayMaintenance": "Wartungsarbeiten",
  "history.noneThatDay": "Keine Vorfälle oder Wartungsarbeiten an diesem Tag.",
  "history.previousDay": "← Vorheriger Tag",
  "history.nextDay": "Nächster Tag →",

  // Badges and the embedded status
  "badge.status": "Status",
  "badge.uptime": "Verfügbarkeit",
  "badge.noData": "keine Daten",
  "embed.open": "Statusseite von {name} ansehen",
  "embed.incidents": "{count, plural, one {# aktiver Vorfall} other {# aktive Vorfälle}}",

  // Not there
  "notFound.title": "Nicht gefunden",
  "notFound.description": "Diese Seite existiert nicht.",
  "notFound.body": "Unter dieser Adresse ist nichts öffentlich verfügbar.",
  "notFound.link": "Aktuellen Status ansehen",

  // A private page
  "private.title": "Diese Statusseite ist privat",
  "private.lead": "Geben Sie das Passwort der Seite ein, um sie zu lesen.",
  "private.password": "Passwort",
  "private.enter": "Seite öffnen",
  "private.wrong": "Das Passwort ist nicht richtig.",
  "private.tooMany": "Zu viele Versuche; versuchen Sie es in {seconds, number} s erneut.",
  "private.signInLead":
    "Melden Sie sich mit Ihrer E-Mail-Adresse an, um sie zu lesen: Wir senden Ihnen einen Link.",
  "private.email": "E-Mail-Adresse",
  "private.sendLink": "Link per E-Mail senden",
  "private.linkSent":
    "Wenn diese Adresse die Seite lesen darf, ist ein Anmeldelink unterwegs. Er gilt 15 Minuten.",
  "private.linkExpired":
    "Dieser Anmeldelink ist abgelaufen oder ungültig. Fordern Sie einen neuen an.",
  "private.signOut": "Abmelden",
  "private.signInWithProvider": "Mit Single Sign-on anmelden",
  "private.orEmail": "Oder einen Anmeldelink per E-Mail erhalten:",
  "private.notReader":
    "Dieses Konto darf diese Seite nicht lesen. Melden Sie sich mit einem anderen an oder fragen Sie den Betreiber der Seite.",
  "private.continueLead": "Ihr Anmeldelink ist bereit.",
  "private.continue": "Anmelden und Seite öffnen",

  // Subscribing
  "subscribe.intro":
    "Erhalten Sie eine E-Mail, wenn {name} einen Vorfall meldet oder Wartungsarbeiten plant. Wir senden Ihnen zuerst einen Bestätigungslink; bis Sie bestätigen, erhalten Sie nichts weiter.",
  "subscribe.components": "Komponenten",
  "subscribe.chooseNone": "Wählen Sie keine aus, um über alles informiert zu werden.",
  "subscribe.feeds": "Oder folgen Sie dem {rss}- oder {atom}-Feed.",
  "subscribe.invalidEmail": "Geben Sie eine gültige E-Mail-Adresse ein.",
  "subscribe.unknownComponents":
    "Einige der ausgewählten Komponenten existieren nicht mehr; bitte wählen Sie erneut.",
  "subscribe.tooMany":
    "Zu viele Anfragen aus Ihrem Netzwerk. Warten Sie {minutes, plural, one {eine Minute} other {# Minuten}} und versuchen Sie es dann erneut.",
  "subscribe.checkInbox": "Prüfen Sie Ihren Posteingang",
  "subscribe.checkInboxBody":
    "Wenn diese Adresse abonnieren kann, ist eine Nachricht mit einem Bestätigungslink unterwegs. Der Link ist 7 Tage lang gültig.",
  "subscribe.confirmTitle": "Bestätigen Sie Ihr Abonnement",
  "subscribe.confirmBody": "Bestätigen Sie, um Status-Updates von {name} per E-Mail zu erhalten.",
  "subscribe.confirmButton": "Abonnement bestätigen",
  "subscribe.confirmedTitle": "Abonnement bestätigt",
  "subscribe.confirmedHeading": "Ihr Abonnement ist aktiv",
  "subscribe.confirmedBody":
    "Sie erhalten eine E-Mail, wenn {name} einen Vorfall meldet oder Wartungsarbeiten plant.",
  "subscribe.chooseFollowed": "Wählen Sie aus, was Sie verfolgen",
  "subscribe.expiredTitle": "Link abgelaufen",
  "subscribe.expiredBody":
    "Dieser Bestätigungslink ist abgelaufen. Abonnieren Sie erneut, um einen neuen zu erhalten.",
  "subscribe.invalidTitle": "Ungültiger Link",
  "subscribe.invalidBody":
    "Dieser Link ist ungültig: Möglicherweise wurde er bereits verwendet oder das Abonnement wurde beendet.",
  "subscribe.subscribe": "Abonnieren",
  "subscribe.unsubscribeTitle": "Abbestellen",
  "subscribe.unsubscribeBody": "Keine Status-Updates von {name} mehr an {email} senden?",
  "subscribe.unsubscribeButton": "Abbestellen",
  "subscribe.unsubscribedTitle": "Abbestellt",
  "subscribe.unsubscribedHeading": "Ihr Abonnement wurde beendet",
  "subscribe.unsubscribedBody":
    "An diese Adresse werden keine Status-Updates von {name} mehr gesendet.",
  "subscribe.subscribeAgain": "Erneut abonnieren",
  "subscribe.manageTitle": "Ihr Abonnement",
  "subscribe.saved": "Gespeichert.",
  "subscribe.manageActive": "Status-Updates von {name} gehen an {email}.",
  "subscribe.managePaused":
    "Status-Updates von {name} gehen an {email} (pausiert: E-Mails an diese Adresse wurden abgelehnt).",
  "subscribe.managePending": "Status-Updates von {name} gehen an {email} (Bestätigung ausstehend).",
  "subscribe.followSome": "Sie verfolgen die unten ausgewählten Komponenten.",
  "subscribe.followAll": "Sie verfolgen alles.",
  "subscribe.save": "Speichern",

  // Feeds
  "feed.title": "Status von {name}",
  "feed.description": "Vorfälle und ihre Aktualisierungen von der Statusseite von {name}.",

  // Email to subscribers
  "mail.confirmSubject": "Bestätigen Sie Ihr Abonnement für den Status von {name}",
  "mail.confirmBody":
    "Jemand, hoffentlich Sie, hat angefordert, Status-Updates von {name} per E-Mail zu erhalten, und zwar für: {components}.",
  "mail.everyComponent": "alle Komponenten",
  "mail.confirmButton": "Abonnement bestätigen",
  "mail.confirmLink": "Bestätigen Sie Ihr Abonnement: {url}",
  "mail.openLink": "Oder öffnen Sie diesen Link: {url}",
  "mail.confirmExpiry":
    "Der Link kann einmal verwendet werden und läuft nach 7 Tagen ab. Falls Sie dies nicht angefordert haben, ignorieren Sie diese Nachricht: Ohne Bestätigung wird nichts gesendet.",
  "mail.alreadySubject": "Sie haben den Status von {name} bereits abonniert",
  "mail.alreadyBody":
    "Jemand, hoffentlich Sie, wollte diese Adresse für Status-Updates von {name} anmelden. Sie ist bereits angemeldet, daher hat sich nichts geändert.",
  "mail.alreadyLink": "Wählen Sie aus, was Sie verfolgen, oder bestellen Sie ab: {url}",
  "mail.manage": "Abonnement verwalten",
  "mail.manageLink": "Abonnement verwalten: {url}",
  "mail.unsubscribe": "Abbestellen",
  "mail.unsubscribeLink": "Abbestellen: {url}",
  "mail.why": "Sie erhalten diese E-Mail, weil Sie Status-Updates von {name} abonniert haben.",
  "mail.subject": "[Status von {name}] {headline}: {title}",
  "mail.status": "Status",
  "mail.pageStatus": "Statusseite",
  "mail.impact": "Auswirkung",
  "mail.starts": "Beginn",
  "mail.ends": "Ende",
  "mail.estimatedResolution": "Voraussichtlich behoben",
  "mail.nextUpdateBy": "Nächstes Update bis",
  "mail.postmortem": "Nachbetrachtung",
  "subscribe.postmortems":
    "Auch Nachbetrachtungen senden: was geschah und was sich ändert, wenn ein Vorfall vorüber ist",
  "mail.affected": "Betroffene Komponenten",
  "mail.removedComponent": "Eine entfernte Komponente",
  "mail.viewIncident": "Vorfall ansehen",
  "mail.viewMaintenance": "Wartung ansehen",
  "mail.maintenanceScheduled": "Wartung geplant",
  "mail.maintenanceStarted": "Wartung begonnen",
  "mail.maintenanceCompleted": "Wartung abgeschlossen",
  "mail.maintenanceCancelled": "Wartung abgesagt",
  "mail.maintenanceUpdated": "Aktualisierung zur Wartung",
  "mail.maintenanceReminder": "Wartung beginnt bald",
  "mail.maintenance": "Wartung",
  // A page without its data: before setup, or with no copy to show
  "unavailable.title": "Status vorübergehend nicht verfügbar",
  "unavailable.heading": "Vorübergehend nicht verfügbar",
  "unavailable.body":
    "Die Statusseite kann gerade nicht angezeigt werden. Bitte versuchen Sie es gleich noch einmal.",
  "notSetUp.heading": "Willkommen bei {product}",
  "notSetUp.body": "Diese Installation ist noch nicht eingerichtet.",
  "notSetUp.action": "Einrichten",
  // A label and what it names, with the language's own colon
  "text.labelled": "{label}: {value}",
  "text.heading": "{label}:",
  "text.percent": "{percent} %",
  // Chat and webhook subscriptions
  "subscribe.unsubscribeChannelBody":
    "Keine Status-Updates von {name} mehr an diesen Chat-Kanal oder Webhook senden?",
  "subscribe.manageChannel": "Status-Updates von {name} gehen an einen Chat-Kanal oder Webhook.",
  "mail.confirmBodyChannel":
    "Jemand, hoffentlich Sie, hat Status-Updates von {name} angefordert, und zwar für: {components}.",
  "mail.confirmChannel.slack":
    "Die Updates gehen an den Slack-Kanal, dessen Webhook-URL auf der Statusseite angegeben wurde, nicht an diese Adresse.",
  "mail.confirmChannel.teams":
    "Die Updates gehen an den Microsoft-Teams-Kanal, dessen Workflows-URL auf der Statusseite angegeben wurde, nicht an diese Adresse.",
  "mail.confirmChannel.webhook":
    "Die Updates gehen signiert an die auf der Statusseite angegebene Webhook-URL, nicht an diese Adresse.",
  "mail.channelEndedSubject": "Status-Updates von {name} an Ihren Kanal wurden beendet",
  "mail.channelEndedBody":
    "Der Chat-Kanal oder Webhook, der den Status von {name} abonniert hat, nimmt seit einer Woche keine Updates mehr an. Das Abonnement ist daher beendet, und es wird nichts mehr dorthin gesendet.",
  "mail.channelEndedLink": "Erneut abonnieren: {url}",
  "mail.subscribeAgain": "Erneut abonnieren",
  "subscribe.channelHeading": "In Slack, Microsoft Teams oder per Webhook folgen",
  "subscribe.channelIntro":
    "Die Updates gehen an Ihren Kanal, sobald die Kontaktadresse über die E-Mail bestätigt, die wir ihr senden.",
  "subscribe.channel": "Wohin",
  "subscribe.channelSlack": "Slack (Incoming-Webhook-URL)",
  "subscribe.channelTeams": "Microsoft Teams (Workflows-URL)",
  "subscribe.channelWebhook": "Webhook (signiertes JSON)",
  "subscribe.channelUrl": "Webhook-URL",
  "subscribe.contactEmail": "Kontakt-E-Mail",
  "subscribe.subscribeChannel": "Kanal abonnieren",
  "subscribe.invalidUrl": "Geben Sie die öffentliche https-URL des Kanals ein.",
  "subscribe.secretTitle": "Das Signaturgeheimnis des Webhooks",
  "subscribe.secretBody":
    "Jede Anfrage wird mit diesem Geheimnis signiert (Standard Webhooks). Kopieren Sie es jetzt: Es wird nur einmal angezeigt.",
};
