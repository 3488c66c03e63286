import type { Messages } from "./en";

/** What visitors and subscribers read, in French. */
export const fr: Messages = {
  // Every page
  "page.title": "Statut de {name}",
  "page.description": "{headline}. Statut en temps réel, incidents et maintenances de {name}.",
  "page.skip": "Aller au contenu",
  "page.subscribe": "S’abonner aux mises à jour",
  "page.emailAddress": "Adresse e-mail",
  "page.leaveEmpty": "Laissez ce champ vide",
  "page.subscribeByEmail": "S’abonner par e-mail",
  "page.chooseComponents": "Choisir les composants…",
  "page.rssFeed": "Flux RSS",
  "page.atomFeed": "Flux Atom",
  "page.feedTitleRss": "Incidents de {name} (RSS)",
  "page.feedTitleAtom": "Incidents de {name} (Atom)",
  "page.more": "Plus",
  "page.history": "Historique des incidents",
  "page.rss": "RSS",
  "page.atom": "Atom",
  "page.poweredBy": "Propulsé par {product}",
  "page.language": "Langue",
  "page.support": "Obtenir de l’aide",
  "page.siteLinks": "Liens",
  "page.home": "Accueil du statut de {name}",
  "page.back": "← Statut actuel",
  "page.backToStatus": "Retour à la page de statut",

  // Status words
  "component.operational": "Opérationnel",
  "component.degraded_performance": "Performances dégradées",
  "component.partial_outage": "Panne partielle",
  "component.major_outage": "Panne majeure",
  "component.under_maintenance": "En maintenance",
  "incident.investigating": "Analyse en cours",
  "incident.identified": "Cause identifiée",
  "incident.monitoring": "Sous surveillance",
  "incident.resolved": "Résolu",
  "impact.none": "Aucun impact",
  "impact.minor": "Impact mineur",
  "impact.major": "Impact majeur",
  "impact.critical": "Impact critique",
  "maintenance.scheduled": "Planifiée",
  "maintenance.in_progress": "En cours",
  "maintenance.completed": "Terminée",
  "maintenance.cancelled": "Annulée",
  "overall.none": "Tous les systèmes sont opérationnels",
  "overall.maintenance": "Service en maintenance",
  "overall.minor": "Panne mineure du service",
  "overall.major": "Panne majeure du service",
  "overall.critical": "Panne critique du service",

  // The status page
  "status.updated": "Dernière mise à jour : {time}",
  "status.active": "Incidents en cours",
  "status.maintenance": "Maintenances",
  "status.components": "Composants",
  "status.noComponents": "Aucun composant pour le moment.",
  "status.past": "Incidents passés",
  "status.noIncidents": "Aucun incident signalé.",
  "status.quietDays":
    "{days, plural, one {Aucun incident signalé le {from}.} other {Aucun incident signalé du {from} au {to}.}}",
  "status.affects": "Concerne : {names}",
  "status.edited": "(modifié)",
  "status.resolvedAfter": "Résolu en {duration}",

  // Uptime bars
  "bar.daysAgo": "Il y a {days} jours",
  "bar.today": "Aujourd’hui",
  "bar.uptime": "{percent} % de disponibilité",
  "bar.noData": "Aucune donnée",
  "bar.dayNoData": "{day} : aucune donnée",
  "bar.day": "{day} : {status}, {percent} % de disponibilité",
  "bar.days": "{from} – {to} : {status}, {percent} % de disponibilité",
  "bar.summaryNoData": "{name} : aucune donnée de disponibilité pour le moment.",
  "bar.summary": "{name} : {percent} % de disponibilité au cours des {days} derniers jours.",
  "bar.problemDays": "Jours présentant des problèmes : {days}.",
  "bar.problemDaysMore":
    "Jours présentant des problèmes : {days}, et {more, plural, one {# jour de plus} other {# jours de plus}}.",
  "bar.problemDay": "{day} : {status} ({percent} %)",
  "bar.noProblems": "Aucun problème.",
  "bar.downMinutes":
    "{minutes, plural, =0 {Aucune interruption} one {# minute d’interruption} other {# minutes d’interruption}}",
  "bar.dayIncidents": "Incidents du jour",
  "bar.dayMaintenance": "Maintenances du jour",
  "bar.nothingThatDay": "Aucun incident ni aucune maintenance.",
  "bar.dayDetail": "Détails du {day}",

  // One incident, one window
  "incident.started": "Commencé le {time}",
  "incident.startedResolved": "Commencé le {time}, résolu le {resolved}",
  "incident.estimatedResolution": "Résolution estimée : {time}",
  "incident.nextUpdateBy": "Prochaine mise à jour avant {time}",
  "incident.postmortem": "Post-mortem",
  "incident.postmortemPublished": "Publié le {time}",
  "incident.updates": "Mises à jour",
  "incident.pageTitle": "{title} · Statut de {name}",
  "maintenance.began": "La maintenance a commencé.",
  "maintenance.over": "La maintenance est terminée.",
  "maintenance.update": "{status} · mise à jour",
  "maintenance.description": "Maintenance : {title}",

  // History
  "history.title": "Historique des incidents",
  "history.description": "Incidents passés de {name}.",
  "history.pages": "Pages de l’historique",
  "history.newer": "← Plus récents",
  "history.older": "Plus anciens →",
  "history.ongoing": "en cours",
  "history.dayDescription": "Disponibilité, incidents et maintenances de {name} le {day}.",
  "history.dayUptime": "Disponibilité ce jour-là",
  "history.dayIncidents": "Incidents de la journée",
  "history.dayMaintenance": "Maintenances de la journée",
  "history.noneThatDay": "Aucun incident ni aucune maintenance ce jour-là.",
  "history.previousDay": "← Jour précédent",
  "history.nextDay": "Jour suivant →",

  // Badges and the embedded status
  "badge.status": "statut",
  "badge.uptime": "disponibilité",
  "badge.noData": "aucune donnée",
  "embed.open": "Voir la page de statut de {name}",
  "embed.incidents": "{count, plural, one {# incident en cours} other {# incidents en cours}}",

  // Not there
  "notFound.title": "Page introuvable",
  "notFound.description": "Cette page n’existe pas.",
  "notFound.body": "Aucun contenu public n’est disponible à cette adresse.",
  "notFound.link": "Voir le statut actuel",

  // A private page
  "private.title": "Cette page d'état est privée",
  "private.lead": "Saisissez le mot de passe de la page pour la consulter.",
  "private.password": "Mot de passe",
  "private.enter": "Ouvrir la page",
  "private.wrong": "Ce mot de passe n'est pas le bon.",
  "private.tooMany": "Trop de tentatives ; réessayez dans {seconds, number} s.",
  "private.signInLead":
    "Connectez-vous avec votre adresse e-mail pour la consulter : nous vous envoyons un lien.",
  "private.email": "Adresse e-mail",
  "private.sendLink": "M'envoyer un lien",
  "private.linkSent":
    "Si cette adresse peut consulter la page, un lien de connexion est en route. Il est valable 15 minutes.",
  "private.linkExpired":
    "Ce lien de connexion a expiré ou n'est pas valide. Demandez-en un nouveau.",
  "private.signOut": "Se déconnecter",
  "private.signInWithProvider": "Se connecter avec l'authentification unique",
  "private.orEmail": "Ou recevoir un lien de connexion par e-mail :",
  "private.notReader":
    "Ce compte ne peut pas consulter cette page. Connectez-vous avec un autre, ou demandez au responsable de la page.",
  "private.continueLead": "Votre lien de connexion est prêt.",
  "private.continue": "Se connecter et ouvrir la page",

  // Subscribing
  "subscribe.intro":
    "Recevez un e-mail lorsque {name} publie un incident ou planifie une maintenance. Nous vous envoyons d’abord un lien de confirmation ; vous ne recevrez rien d’autre tant que vous n’aurez pas confirmé.",
  "subscribe.components": "Composants",
  "subscribe.chooseNone": "Ne sélectionnez aucun composant pour être informé de tout.",
  "subscribe.feeds": "Ou suivez le flux {rss} ou {atom}.",
  "subscribe.invalidEmail": "Saisissez une adresse e-mail valide.",
  "subscribe.unknownComponents":
    "Certains des composants choisis n’existent plus ; veuillez refaire votre sélection.",
  "subscribe.tooMany":
    "Trop de requêtes depuis votre réseau. Patientez {minutes, plural, one {une minute} other {# minutes}} puis réessayez.",
  "subscribe.checkInbox": "Consultez votre boîte de réception",
  "subscribe.checkInboxBody":
    "Si cette adresse peut être abonnée, un message contenant un lien de confirmation est en route. Le lien est valable 7 jours.",
  "subscribe.confirmTitle": "Confirmez votre abonnement",
  "subscribe.confirmBody":
    "Confirmez pour commencer à recevoir par e-mail les mises à jour de statut de {name}.",
  "subscribe.confirmButton": "Confirmer l’abonnement",
  "subscribe.confirmedTitle": "Abonnement confirmé",
  "subscribe.confirmedHeading": "Vous êtes abonné",
  "subscribe.confirmedBody":
    "Vous recevrez un e-mail lorsque {name} publiera un incident ou planifiera une maintenance.",
  "subscribe.chooseFollowed": "Choisissez ce que vous suivez",
  "subscribe.expiredTitle": "Lien expiré",
  "subscribe.expiredBody":
    "Ce lien de confirmation a expiré. Abonnez-vous à nouveau pour en recevoir un nouveau.",
  "subscribe.invalidTitle": "Lien non valide",
  "subscribe.invalidBody":
    "Ce lien n’est pas valide : il a peut-être déjà été utilisé, ou l’abonnement a pris fin.",
  "subscribe.subscribe": "S’abonner",
  "subscribe.unsubscribeTitle": "Se désabonner",
  "subscribe.unsubscribeBody": "Ne plus envoyer les mises à jour de statut de {name} à {email} ?",
  "subscribe.unsubscribeButton": "Se désabonner",
  "subscribe.unsubscribedTitle": "Désabonnement effectué",
  "subscribe.unsubscribedHeading": "Vous êtes désabonné",
  "subscribe.unsubscribedBody":
    "Plus aucune mise à jour de statut de {name} ne sera envoyée à cette adresse.",
  "subscribe.subscribeAgain": "Se réabonner",
  "subscribe.manageTitle": "Votre abonnement",
  "subscribe.saved": "Enregistré.",
  "subscribe.manageActive": "Les mises à jour de statut de {name} sont envoyées à {email}.",
  "subscribe.managePaused":
    "Les mises à jour de statut de {name} sont envoyées à {email} (en pause : les e-mails envoyés à cette adresse ont été refusés).",
  "subscribe.managePending":
    "Les mises à jour de statut de {name} sont envoyées à {email} (en attente de confirmation).",
  "subscribe.followSome": "Vous suivez les composants cochés ci-dessous.",
  "subscribe.followAll": "Vous suivez tout.",
  "subscribe.save": "Enregistrer",

  // Feeds
  "feed.title": "Statut de {name}",
  "feed.description":
    "Les incidents et leurs mises à jour publiés sur la page de statut de {name}.",

  // Email to subscribers
  "mail.confirmSubject": "Confirmez votre abonnement au statut de {name}",
  "mail.confirmBody":
    "Quelqu’un, sans doute vous, a demandé à recevoir par e-mail les mises à jour de statut de {name} pour : {components}.",
  "mail.everyComponent": "tous les composants",
  "mail.confirmButton": "Confirmer l’abonnement",
  "mail.confirmLink": "Confirmez votre abonnement : {url}",
  "mail.openLink": "Ou ouvrez ce lien : {url}",
  "mail.confirmExpiry":
    "Le lien ne fonctionne qu’une seule fois et expire dans 7 jours. Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : rien ne sera envoyé sans confirmation.",
  "mail.alreadySubject": "Vous êtes déjà abonné au statut de {name}",
  "mail.alreadyBody":
    "Quelqu’un, sans doute vous, a demandé à abonner cette adresse aux mises à jour de statut de {name}. Elle est déjà abonnée : rien n’a donc changé.",
  "mail.alreadyLink": "Choisissez ce que vous suivez, ou désabonnez-vous : {url}",
  "mail.manage": "Gérer votre abonnement",
  "mail.manageLink": "Gérer votre abonnement : {url}",
  "mail.unsubscribe": "Se désabonner",
  "mail.unsubscribeLink": "Se désabonner : {url}",
  "mail.why": "Vous recevez ce message car vous êtes abonné aux mises à jour de statut de {name}.",
  "mail.subject": "[Statut de {name}] {headline} : {title}",
  "mail.status": "Statut",
  "mail.pageStatus": "Page de statut",
  "mail.impact": "Impact",
  "mail.starts": "Début",
  "mail.ends": "Fin",
  "mail.estimatedResolution": "Résolution estimée",
  "mail.nextUpdateBy": "Prochaine mise à jour avant",
  "mail.postmortem": "Post-mortem",
  "subscribe.postmortems":
    "Recevoir aussi les post-mortems : ce qui s’est passé et ce qui change, une fois l’incident terminé",
  "mail.affected": "Composants concernés",
  "mail.removedComponent": "Un composant supprimé",
  "mail.viewIncident": "Voir l’incident",
  "mail.viewMaintenance": "Voir la maintenance",
  "mail.maintenanceScheduled": "Maintenance planifiée",
  "mail.maintenanceStarted": "Début de la maintenance",
  "mail.maintenanceCompleted": "Maintenance terminée",
  "mail.maintenanceCancelled": "Maintenance annulée",
  "mail.maintenanceUpdated": "Mise à jour de la maintenance",
  "mail.maintenanceReminder": "La maintenance commence bientôt",
  "mail.maintenance": "Opération de maintenance",
  // A page without its data: before setup, or with no copy to show
  "unavailable.title": "Statut temporairement indisponible",
  "unavailable.heading": "Temporairement indisponible",
  "unavailable.body":
    "La page de statut ne peut pas être affichée pour le moment. Veuillez réessayer dans un instant.",
  "notSetUp.heading": "Bienvenue dans {product}",
  "notSetUp.body": "Cette installation n’a pas encore été configurée.",
  "notSetUp.action": "Configurer",
  // A label and what it names, with the language's own colon
  "text.labelled": "{label} : {value}",
  "text.heading": "{label} :",
  "text.percent": "{percent} %",
  // Chat and webhook subscriptions
  "subscribe.unsubscribeChannelBody":
    "Ne plus envoyer les mises à jour de statut de {name} à ce canal de discussion ou webhook ?",
  "subscribe.manageChannel":
    "Les mises à jour de statut de {name} vont à un canal de discussion ou un webhook.",
  "mail.confirmBodyChannel":
    "Quelqu’un, sans doute vous, a demandé les mises à jour de statut de {name} pour : {components}.",
  "mail.confirmChannel.slack":
    "Ses mises à jour iront au canal Slack dont l’URL de webhook a été donnée sur la page d’état, pas à cette adresse.",
  "mail.confirmChannel.teams":
    "Ses mises à jour iront au canal Microsoft Teams dont l’URL Workflows a été donnée sur la page d’état, pas à cette adresse.",
  "mail.confirmChannel.webhook":
    "Ses mises à jour iront, signées, à l’URL de webhook donnée sur la page d’état, pas à cette adresse.",
  "mail.channelEndedSubject": "Les mises à jour d’état de {name} vers votre canal sont arrêtées",
  "mail.channelEndedBody":
    "Le canal de discussion ou le webhook abonné à l’état de {name} n’accepte plus ses mises à jour depuis une semaine : l’abonnement est donc terminé et plus rien ne lui sera envoyé.",
  "mail.channelEndedLink": "Se réabonner : {url}",
  "mail.subscribeAgain": "Se réabonner",
  "subscribe.channelHeading": "Suivre dans Slack, Microsoft Teams ou par webhook",
  "subscribe.channelIntro":
    "Les mises à jour arrivent dans votre canal dès que l’adresse de contact confirme depuis l’e-mail que nous lui envoyons.",
  "subscribe.channel": "Où",
  "subscribe.channelSlack": "Slack (URL de webhook entrant)",
  "subscribe.channelTeams": "Microsoft Teams (URL Workflows)",
  "subscribe.channelWebhook": "Webhook (JSON signé)",
  "subscribe.channelUrl": "URL du webhook",
  "subscribe.contactEmail": "E-mail de contact",
  "subscribe.subscribeChannel": "Abonner le canal",
  "subscribe.invalidUrl": "Saisissez l’URL https publique du canal.",
  "subscribe.secretTitle": "Le secret de signature du webhook",
  "subscribe.secretBody":
    "Chaque requête est signée avec ce secret (Standard Webhooks). Copiez-le maintenant : il n’est affiché qu’une fois.",
};
