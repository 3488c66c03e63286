import type { Messages } from "./en";

/** What visitors and subscribers read, in Spanish. */
export const es: Messages = {
  // Every page
  "page.title": "Estado de {name}",
  "page.description": "{headline}. Estado en tiempo real, incidentes y mantenimientos de {name}.",
  "page.skip": "Saltar al contenido",
  "page.subscribe": "Suscribirse a las actualizaciones",
  "page.emailAddress": "Correo electrónico",
  "page.leaveEmpty": "Deje este campo vacío",
  "page.subscribeByEmail": "Suscribirse por correo electrónico",
  "page.chooseComponents": "Elegir componentes…",
  "page.rssFeed": "Feed RSS",
  "page.atomFeed": "Feed Atom",
  "page.feedTitleRss": "Incidentes de {name} (RSS)",
  "page.feedTitleAtom": "Incidentes de {name} (Atom)",
  "page.more": "Más",
  "page.history": "Historial de incidentes",
  "page.rss": "RSS",
  "page.atom": "Atom",
  "page.poweredBy": "Con la tecnología de {product}",
  "page.language": "Idioma",
  "page.support": "Obtener ayuda",
  "page.siteLinks": "Enlaces",
  "page.home": "Inicio del estado de {name}",
  "page.back": "← Estado actual",
  "page.backToStatus": "Volver a la página de estado",

  // Status words
  "component.operational": "Operativo",
  "component.degraded_performance": "Rendimiento degradado",
  "component.partial_outage": "Interrupción parcial",
  "component.major_outage": "Interrupción grave",
  "component.under_maintenance": "En mantenimiento",
  "incident.investigating": "Investigando",
  "incident.identified": "Identificado",
  "incident.monitoring": "En observación",
  "incident.resolved": "Resuelto",
  "impact.none": "Sin impacto",
  "impact.minor": "Impacto menor",
  "impact.major": "Impacto grave",
  "impact.critical": "Impacto crítico",
  "maintenance.scheduled": "Programado",
  "maintenance.in_progress": "En curso",
  "maintenance.completed": "Completado",
  "maintenance.cancelled": "Cancelado",
  "overall.none": "Todos los sistemas operativos",
  "overall.maintenance": "Servicio en mantenimiento",
  "overall.minor": "Interrupción menor del servicio",
  "overall.major": "Interrupción grave del servicio",
  "overall.critical": "Interrupción crítica del servicio",

  // The status page
  "status.updated": "Última actualización: {time}",
  "status.active": "Incidentes activos",
  "status.maintenance": "Mantenimiento",
  "status.components": "Componentes",
  "status.noComponents": "Todavía no hay componentes.",
  "status.past": "Incidentes anteriores",
  "status.noIncidents": "No se registraron incidentes.",
  "status.quietDays":
    "{days, plural, one {No se registraron incidentes el {from}.} other {No se registraron incidentes del {from} al {to}.}}",
  "status.affects": "Afecta a: {names}",
  "status.edited": "(editado)",
  "status.resolvedAfter": "Resuelto tras {duration}",

  // Uptime bars
  "bar.daysAgo": "Hace {days} días",
  "bar.today": "Hoy",
  "bar.uptime": "{percent} % de disponibilidad",
  "bar.noData": "Sin datos",
  "bar.dayNoData": "{day}: sin datos",
  "bar.day": "{day}: {status}, {percent} % de disponibilidad",
  "bar.days": "{from} – {to}: {status}, {percent} % de disponibilidad",
  "bar.summaryNoData": "{name}: todavía no hay datos de disponibilidad.",
  "bar.summary": "{name}: {percent} % de disponibilidad en los últimos {days} días.",
  "bar.problemDays": "Días con problemas: {days}.",
  "bar.problemDaysMore":
    "Días con problemas: {days} y {more, plural, one {# día más} other {# días más}}.",
  "bar.problemDay": "{day}: {status} ({percent} %)",
  "bar.noProblems": "Sin problemas.",
  "bar.downMinutes":
    "{minutes, plural, =0 {Sin tiempo de inactividad} one {# minuto de inactividad} other {# minutos de inactividad}}",
  "bar.dayIncidents": "Incidentes",
  "bar.dayMaintenance": "Mantenimiento",
  "bar.nothingThatDay": "Sin incidentes ni mantenimientos.",
  "bar.dayDetail": "Detalles del {day}",

  // One incident, one window
  "incident.started": "Comenzó el {time}",
  "incident.startedResolved": "Comenzó el {time}, resuelto el {resolved}",
  "incident.estimatedResolution": "Resolución estimada: {time}",
  "incident.nextUpdateBy": "Próxima actualización antes de {time}",
  "incident.postmortem": "Análisis posterior",
  "incident.postmortemPublished": "Publicado el {time}",
  "incident.updates": "Actualizaciones",
  "incident.pageTitle": "{title} · Estado de {name}",
  "maintenance.began": "El mantenimiento ha comenzado.",
  "maintenance.over": "El mantenimiento ha finalizado.",
  "maintenance.update": "{status} · actualización",
  "maintenance.description": "Mantenimiento: {title}",

  // History
  "history.title": "Historial de incidentes",
  "history.description": "Incidentes anteriores de {name}.",
  "history.pages": "Páginas del historial",
  "history.newer": "← Más recientes",
  "history.older": "Más antiguos →",
  "history.ongoing": "en curso",
  "history.dayDescription": "Disponibilidad, incidentes y mantenimientos de {name} el {day}.",
  "history.dayUptime": "Disponibilidad de este día",
  "history.dayIncidents": "Incidentes",
  "history.dayMaintenance": "Mantenimiento",
  "history.noneThatDay": "No hubo incidentes ni mantenimientos este día.",
  "history.previousDay": "← Día anterior",
  "history.nextDay": "Día siguiente →",

  // Badges and the embedded status
  "badge.status": "estado",
  "badge.uptime": "disponibilidad",
  "badge.noData": "sin datos",
  "embed.open": "Ver la página de estado de {name}",
  "embed.incidents": "{count, plural, one {# incidente activo} other {# incidentes activos}}",

  // Not there
  "notFound.title": "Página no encontrada",
  "notFound.description": "Esta página no existe.",
  "notFound.body": "No hay nada público en esta dirección.",
  "notFound.link": "Ver el estado actual",

  // A private page
  "private.title": "Esta página de estado es privada",
  "private.lead": "Introduzca la contraseña de la página para leerla.",
  "private.password": "Contraseña",
  "private.enter": "Abrir la página",
  "private.wrong": "La contraseña no es correcta.",
  "private.tooMany": "Demasiados intentos; vuelva a intentarlo en {seconds, number} s.",
  "private.signInLead":
    "Inicie sesión con su dirección de correo para leerla: le enviamos un enlace.",
  "private.email": "Correo electrónico",
  "private.sendLink": "Enviarme un enlace",
  "private.linkSent":
    "Si esta dirección puede leer la página, un enlace para iniciar sesión está en camino. Funciona durante 15 minutos.",
  "private.linkExpired": "Ese enlace ha caducado o no es válido. Pida uno nuevo.",
  "private.signOut": "Cerrar sesión",
  "private.signInWithProvider": "Iniciar sesión con inicio de sesión único",
  "private.orEmail": "O reciba un enlace de acceso por correo:",
  "private.notReader":
    "Esa cuenta no puede leer esta página. Inicie sesión con otra o pregunte al responsable de la página.",
  "private.continueLead": "Su enlace de acceso está listo.",
  "private.continue": "Iniciar sesión y abrir la página",

  // Subscribing
  "subscribe.intro":
    "Reciba un correo electrónico cuando {name} publique un incidente o programe un mantenimiento. Primero le enviaremos un enlace de confirmación; no recibirá nada más hasta que confirme.",
  "subscribe.components": "Componentes",
  "subscribe.chooseNone": "No seleccione ninguno para recibir avisos sobre todo.",
  "subscribe.feeds": "O siga el feed {rss} o {atom}.",
  "subscribe.invalidEmail": "Escriba una dirección de correo electrónico válida.",
  "subscribe.unknownComponents":
    "Algunos de los componentes elegidos ya no existen; vuelva a seleccionarlos.",
  "subscribe.tooMany":
    "Demasiadas solicitudes desde su red. Espere {minutes, plural, one {un minuto} other {# minutos}} e inténtelo de nuevo.",
  "subscribe.checkInbox": "Revise su bandeja de entrada",
  "subscribe.checkInboxBody":
    "Si esa dirección puede suscribirse, recibirá un mensaje con un enlace de confirmación. El enlace es válido durante 7 días.",
  "subscribe.confirmTitle": "Confirme su suscripción",
  "subscribe.confirmBody":
    "Confirme para empezar a recibir por correo electrónico las actualizaciones de estado de {name}.",
  "subscribe.confirmButton": "Confirmar suscripción",
  "subscribe.confirmedTitle": "Suscripción confirmada",
  "subscribe.confirmedHeading": "Está suscrito",
  "subscribe.confirmedBody":
    "Recibirá un correo electrónico cuando {name} publique un incidente o programe un mantenimiento.",
  "subscribe.chooseFollowed": "Elija lo que quiere seguir",
  "subscribe.expiredTitle": "Enlace caducado",
  "subscribe.expiredBody":
    "Este enlace de confirmación ha caducado. Vuelva a suscribirse para recibir uno nuevo.",
  "subscribe.invalidTitle": "Enlace no válido",
  "subscribe.invalidBody":
    "Este enlace no es válido: es posible que ya se haya utilizado o que la suscripción haya finalizado.",
  "subscribe.subscribe": "Suscribirse",
  "subscribe.unsubscribeTitle": "Cancelar la suscripción",
  "subscribe.unsubscribeBody":
    "¿Dejar de enviar las actualizaciones de estado de {name} a {email}?",
  "subscribe.unsubscribeButton": "Cancelar la suscripción",
  "subscribe.unsubscribedTitle": "Suscripción cancelada",
  "subscribe.unsubscribedHeading": "Se ha dado de baja",
  "subscribe.unsubscribedBody":
    "Ya no se enviarán actualizaciones de estado de {name} a esta dirección.",
  "subscribe.subscribeAgain": "Volver a suscribirse",
  "subscribe.manageTitle": "Su suscripción",
  "subscribe.saved": "Guardado.",
  "subscribe.manageActive": "Las actualizaciones de estado de {name} se envían a {email}.",
  "subscribe.managePaused":
    "Las actualizaciones de estado de {name} se envían a {email} (en pausa: se rechazaron los correos enviados a esta dirección).",
  "subscribe.managePending":
    "Las actualizaciones de estado de {name} se envían a {email} (pendiente de confirmación).",
  "subscribe.followSome": "Sigue los componentes marcados a continuación.",
  "subscribe.followAll": "Sigue todo.",
  "subscribe.save": "Guardar",

  // Feeds
  "feed.title": "Estado de {name}",
  "feed.description": "Incidentes y sus actualizaciones de la página de estado de {name}.",

  // Email to subscribers
  "mail.confirmSubject": "Confirme su suscripción al estado de {name}",
  "mail.confirmBody":
    "Alguien, esperamos que usted, solicitó recibir por correo electrónico las actualizaciones de estado de {name} para: {components}.",
  "mail.everyComponent": "todos los componentes",
  "mail.confirmButton": "Confirmar suscripción",
  "mail.confirmLink": "Confirme su suscripción: {url}",
  "mail.openLink": "O abra este enlace: {url}",
  "mail.confirmExpiry":
    "El enlace solo puede usarse una vez y caduca en 7 días. Si usted no lo solicitó, ignore este mensaje: no se enviará nada sin confirmación.",
  "mail.alreadySubject": "Ya está suscrito al estado de {name}",
  "mail.alreadyBody":
    "Alguien, esperamos que usted, solicitó suscribir esta dirección a las actualizaciones de estado de {name}. Ya está suscrita, así que no ha cambiado nada.",
  "mail.alreadyLink": "Elija lo que quiere seguir o cancele la suscripción: {url}",
  "mail.manage": "Gestionar su suscripción",
  "mail.manageLink": "Gestionar su suscripción: {url}",
  "mail.unsubscribe": "Cancelar la suscripción",
  "mail.unsubscribeLink": "Cancelar la suscripción: {url}",
  "mail.why": "Recibe este mensaje porque se suscribió a las actualizaciones de estado de {name}.",
  "mail.subject": "[Estado de {name}] {headline}: {title}",
  "mail.status": "Estado",
  "mail.pageStatus": "Página de estado",
  "mail.impact": "Impacto",
  "mail.starts": "Inicio",
  "mail.ends": "Fin",
  "mail.estimatedResolution": "Resolución estimada",
  "mail.nextUpdateBy": "Próxima actualización antes de",
  "mail.postmortem": "Análisis posterior",
  "subscribe.postmortems":
    "Enviar también los análisis posteriores: qué pasó y qué cambia, cuando termina un incidente",
  "mail.affected": "Componentes afectados",
  "mail.removedComponent": "Un componente eliminado",
  "mail.viewIncident": "Ver el incidente",
  "mail.viewMaintenance": "Ver el mantenimiento",
  "mail.maintenanceScheduled": "Mantenimiento programado",
  "mail.maintenanceStarted": "Mantenimiento iniciado",
  "mail.maintenanceCompleted": "Mantenimiento completado",
  "mail.maintenanceCancelled": "Mantenimiento cancelado",
  "mail.maintenanceUpdated": "Actualización del mantenimiento",
  "mail.maintenanceReminder": "El mantenimiento empieza pronto",
  "mail.maintenance": "Mantenimiento",
  // A page without its data: before setup, or with no copy to show
  "unavailable.title": "Estado no disponible temporalmente",
  "unavailable.heading": "No disponible temporalmente",
  "unavailable.body":
    "La página de estado no se puede mostrar en este momento. Inténtelo de nuevo en unos instantes.",
  "notSetUp.heading": "Le damos la bienvenida a {product}",
  "notSetUp.body": "Esta instalación aún no se ha configurado.",
  "notSetUp.action": "Configurar",
  // A label and what it names, with the language's own colon
  "text.labelled": "{label}: {value}",
  "text.heading": "{label}:",
  "text.percent": "{percent} %",
  // Chat and webhook subscriptions
  "subscribe.unsubscribeChannelBody":
    "¿Dejar de enviar las actualizaciones de estado de {name} a este canal de chat o webhook?",
  "subscribe.manageChannel":
    "Las actualizaciones de estado de {name} van a un canal de chat o webhook.",
  "mail.confirmBodyChannel":
    "Alguien, esperamos que usted, solicitó las actualizaciones de estado de {name} para: {components}.",
  "mail.confirmChannel.slack":
    "Sus actualizaciones irán al canal de Slack cuya URL de webhook se indicó en la página de estado, no a esta dirección.",
  "mail.confirmChannel.teams":
    "Sus actualizaciones irán al canal de Microsoft Teams cuya URL de Workflows se indicó en la página de estado, no a esta dirección.",
  "mail.confirmChannel.webhook":
    "Sus actualizaciones irán firmadas a la URL de webhook indicada en la página de estado, no a esta dirección.",
  "mail.channelEndedSubject": "Las actualizaciones de estado de {name} a su canal se han detenido",
  "mail.channelEndedBody":
    "El canal de chat o webhook suscrito al estado de {name} lleva una semana sin aceptar sus actualizaciones, así que la suscripción ha terminado y no se le enviará nada más.",
  "mail.channelEndedLink": "Suscribirse de nuevo: {url}",
  "mail.subscribeAgain": "Suscribirse de nuevo",
  "subscribe.channelHeading": "Seguir en Slack, Microsoft Teams o por webhook",
  "subscribe.channelIntro":
    "Las actualizaciones llegan a su canal cuando la dirección de contacto confirma desde el correo que le enviamos.",
  "subscribe.channel": "Dónde",
  "subscribe.channelSlack": "Slack (URL de webhook entrante)",
  "subscribe.channelTeams": "Microsoft Teams (URL de Workflows)",
  "subscribe.channelWebhook": "Webhook (JSON firmado)",
  "subscribe.channelUrl": "URL del webhook",
  "subscribe.contactEmail": "Correo de contacto",
  "subscribe.subscribeChannel": "Suscribir el canal",
  "subscribe.invalidUrl": "Introduzca la URL https pública del canal.",
  "subscribe.secretTitle": "El secreto de firma del webhook",
  "subscribe.secretBody":
    "Cada solicitud se firma con este secreto (Standard Webhooks). Cópielo ahora: solo se muestra una vez.",
};
