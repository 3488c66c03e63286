import type { Messages } from "./en";

/** What visitors and subscribers read, in Brazilian Portuguese. */
export const ptBR: Messages = {
  // Every page
  "page.title": "Status de {name}",
  "page.description": "{headline}. Status em tempo real, incidentes e manutenções de {name}.",
  "page.skip": "Pular para o conteúdo",
  "page.subscribe": "Assinar atualizações",
  "page.emailAddress": "Endereço de e-mail",
  "page.leaveEmpty": "Deixe este campo em branco",
  "page.subscribeByEmail": "Assinar por e-mail",
  "page.chooseComponents": "Escolher componentes…",
  "page.rssFeed": "Feed RSS",
  "page.atomFeed": "Feed Atom",
  "page.feedTitleRss": "Incidentes de {name} (RSS)",
  "page.feedTitleAtom": "Incidentes de {name} (Atom)",
  "page.more": "Mais",
  "page.history": "Histórico de incidentes",
  "page.rss": "RSS",
  "page.atom": "Atom",
  "page.poweredBy": "Desenvolvido com {product}",
  "page.language": "Idioma",
  "page.support": "Obter suporte",
  "page.siteLinks": "Links",
  "page.home": "Início do status de {name}",
  "page.back": "← Status atual",
  "page.backToStatus": "Voltar para a página de status",

  // Status words
  "component.operational": "Operacional",
  "component.degraded_performance": "Desempenho degradado",
  "component.partial_outage": "Interrupção parcial",
  "component.major_outage": "Interrupção grave",
  "component.under_maintenance": "Em manutenção",
  "incident.investigating": "Investigando",
  "incident.identified": "Identificado",
  "incident.monitoring": "Monitorando",
  "incident.resolved": "Resolvido",
  "impact.none": "Sem impacto",
  "impact.minor": "Impacto menor",
  "impact.major": "Impacto grave",
  "impact.critical": "Impacto crítico",
  "maintenance.scheduled": "Agendada",
  "maintenance.in_progress": "Em andamento",
  "maintenance.completed": "Concluída",
  "maintenance.cancelled": "Cancelada",
  "overall.none": "Todos os sistemas operacionais",
  "overall.maintenance": "Serviço em manutenção",
  "overall.minor": "Interrupção menor do serviço",
  "overall.major": "Interrupção grave do serviço",
  "overall.critical": "Interrupção crítica do serviço",

  // The status page
  "status.updated": "Última atualização: {time}",
  "status.active": "Incidentes ativos",
  "status.maintenance": "Manutenções",
  "status.components": "Componentes",
  "status.noComponents": "Ainda não há componentes.",
  "status.past": "Incidentes anteriores",
  "status.noIncidents": "Nenhum incidente relatado.",
  "status.quietDays":
    "{days, plural, one {Nenhum incidente relatado em {from}.} other {Nenhum incidente relatado de {from} a {to}.}}",
  "status.affects": "Afeta: {names}",
  "status.edited": "(editado)",
  "status.resolvedAfter": "Resolvido após {duration}",

  // Uptime bars
  "bar.daysAgo": "Há {days} dias",
  "bar.today": "Hoje",
  "bar.uptime": "{percent} % de disponibilidade",
  "bar.noData": "Sem dados",
  "bar.dayNoData": "{day}: sem dados",
  "bar.day": "{day}: {status}, {percent} % de disponibilidade",
  "bar.days": "{from} – {to}: {status}, {percent} % de disponibilidade",
  "bar.summaryNoData": "{name}: ainda não há dados de disponibilidade.",
  "bar.summary": "{name}: {percent} % de disponibilidade nos últimos {days} dias.",
  "bar.problemDays": "Dias com problemas: {days}.",
  "bar.problemDaysMore":
    "Dias com problemas: {days} e mais {more, plural, one {# dia} other {# dias}}.",
  "bar.problemDay": "{day}: {status} ({percent} %)",
  "bar.noProblems": "Nenhum problema.",
  "bar.downMinutes":
    "{minutes, plural, =0 {Sem indisponibilidade} one {# minuto de indisponibilidade} other {# minutos de indisponibilidade}}",
  "bar.dayIncidents": "Incidentes",
  "bar.dayMaintenance": "Manutenções",
  "bar.nothingThatDay": "Nenhum incidente ou manutenção.",
  "bar.dayDetail": "Detalhes de {day}",

  // One incident, one window
  "incident.started": "Iniciado em {time}",
  "incident.startedResolved": "Iniciado em {time}, resolvido em {resolved}",
  "incident.estimatedResolution": "Resolução estimada: {time}",
  "incident.nextUpdateBy": "Próxima atualização até {time}",
  "incident.postmortem": "Análise pós-incidente",
  "incident.postmortemPublished": "Publicada em {time}",
  "incident.updates": "Atualizações",
  "incident.pageTitle": "{title} · Status de {name}",
  "maintenance.began": "A manutenção começou.",
  "maintenance.over": "A manutenção foi concluída.",
  "maintenance.update": "{status} · atualização",
  "maintenance.description": "Manutenção: {title}",

  // History
  "history.title": "Histórico de incidentes",
  "history.description": "Incidentes anteriores de {name}.",
  "history.pages": "Páginas do histórico",
  "history.newer": "← Mais recentes",
  "history.older": "Mais antigos →",
  "history.ongoing": "em andamento",
  "history.dayDescription": "Disponibilidade, incidentes e manutenções de {name} em {day}.",
  "history.dayUptime": "Disponibilidade neste dia",
  "history.dayIncidents": "Incidentes",
  "history.dayMaintenance": "Manutenções",
  "history.noneThatDay": "Nenhum incidente ou manutenção neste dia.",
  "history.previousDay": "← Dia anterior",
  "history.nextDay": "Próximo dia →",

  // Badges and the embedded status
  "badge.status": "status",
  "badge.uptime": "disponibilidade",
  "badge.noData": "sem dados",
  "embed.open": "Ver a página de status de {name}",
  "embed.incidents":
    "{count, plural, =0 {# incidentes ativos} one {# incidente ativo} other {# incidentes ativos}}",

  // Not there
  "notFound.title": "Página não encontrada",
  "notFound.description": "Esta página não existe.",
  "notFound.body": "Não há nada público neste endereço.",
  "notFound.link": "Ver o status atual",

  // A private page
  "private.title": "Esta página de status é privada",
  "private.lead": "Digite a senha da página para lê-la.",
  "private.password": "Senha",
  "private.enter": "Abrir a página",
  "private.wrong": "A senha não está correta.",
  "private.tooMany": "Tentativas demais; tente de novo em {seconds, number} s.",
  "private.signInLead": "Entre com seu endereço de e-mail para lê-la: enviamos um link.",
  "private.email": "Endereço de e-mail",
  "private.sendLink": "Enviar um link por e-mail",
  "private.linkSent":
    "Se este endereço pode ler a página, um link para entrar está a caminho. Ele vale por 15 minutos.",
  "private.linkExpired": "Esse link de entrada expirou ou não é válido. Peça um novo.",
  "private.signOut": "Sair",
  "private.signInWithProvider": "Entrar com login único",
  "private.orEmail": "Ou receba um link de entrada por e-mail:",
  "private.notReader":
    "Essa conta não pode ler esta página. Entre com outra ou pergunte ao responsável pela página.",
  "private.continueLead": "Seu link de entrada está pronto.",
  "private.continue": "Entrar e abrir a página",

  // Subscribing
  "subscribe.intro":
    "Receba um e-mail quando {name} publicar um incidente ou agendar uma manutenção. Primeiro enviamos um link de confirmação; você não receberá mais nada até confirmar.",
  "subscribe.components": "Componentes",
  "subscribe.chooseNone": "Não selecione nenhum para receber notificações sobre tudo.",
  "subscribe.feeds": "Ou acompanhe o feed {rss} ou {atom}.",
  "subscribe.invalidEmail": "Informe um endereço de e-mail válido.",
  "subscribe.unknownComponents":
    "Alguns dos componentes escolhidos não existem mais; escolha novamente.",
  "subscribe.tooMany":
    "Muitas solicitações vindas da sua rede. Aguarde {minutes, plural, one {um minuto} other {# minutos}} e tente novamente.",
  "subscribe.checkInbox": "Verifique sua caixa de entrada",
  "subscribe.checkInboxBody":
    "Se esse endereço puder ser cadastrado, uma mensagem com um link de confirmação está a caminho. O link é válido por 7 dias.",
  "subscribe.confirmTitle": "Confirme sua assinatura",
  "subscribe.confirmBody":
    "Confirme para começar a receber por e-mail as atualizações de status de {name}.",
  "subscribe.confirmButton": "Confirmar assinatura",
  "subscribe.confirmedTitle": "Assinatura confirmada",
  "subscribe.confirmedHeading": "Sua assinatura está ativa",
  "subscribe.confirmedBody":
    "Você receberá um e-mail quando {name} publicar um incidente ou agendar uma manutenção.",
  "subscribe.chooseFollowed": "Escolha o que você acompanha",
  "subscribe.expiredTitle": "Link expirado",
  "subscribe.expiredBody":
    "Este link de confirmação expirou. Assine novamente para receber um novo.",
  "subscribe.invalidTitle": "Link inválido",
  "subscribe.invalidBody":
    "Este link não é válido: ele pode já ter sido usado ou a assinatura foi encerrada.",
  "subscribe.subscribe": "Assinar",
  "subscribe.unsubscribeTitle": "Cancelar assinatura",
  "subscribe.unsubscribeBody": "Parar de enviar atualizações de status de {name} para {email}?",
  "subscribe.unsubscribeButton": "Cancelar assinatura",
  "subscribe.unsubscribedTitle": "Assinatura cancelada",
  "subscribe.unsubscribedHeading": "Sua assinatura foi cancelada",
  "subscribe.unsubscribedBody":
    "Nenhuma atualização de status de {name} será enviada para este endereço.",
  "subscribe.subscribeAgain": "Assinar novamente",
  "subscribe.manageTitle": "Sua assinatura",
  "subscribe.saved": "Salvo.",
  "subscribe.manageActive": "As atualizações de status de {name} são enviadas para {email}.",
  "subscribe.managePaused":
    "As atualizações de status de {name} são enviadas para {email} (pausado: os e-mails para este endereço foram recusados).",
  "subscribe.managePending":
    "As atualizações de status de {name} são enviadas para {email} (aguardando confirmação).",
  "subscribe.followSome": "Você acompanha os componentes marcados abaixo.",
  "subscribe.followAll": "Você acompanha tudo.",
  "subscribe.save": "Salvar",

  // Feeds
  "feed.title": "Status de {name}",
  "feed.description": "Incidentes e suas atualizações da página de status de {name}.",

  // Email to subscribers
  "mail.confirmSubject": "Confirme sua assinatura do status de {name}",
  "mail.confirmBody":
    "Alguém, provavelmente você, pediu para receber por e-mail as atualizações de status de {name} para: {components}.",
  "mail.everyComponent": "todos os componentes",
  "mail.confirmButton": "Confirmar assinatura",
  "mail.confirmLink": "Confirme sua assinatura: {url}",
  "mail.openLink": "Ou abra este link: {url}",
  "mail.confirmExpiry":
    "O link só pode ser usado uma vez e expira em 7 dias. Se você não fez essa solicitação, ignore esta mensagem: nada será enviado sem confirmação.",
  "mail.alreadySubject": "Você já assina o status de {name}",
  "mail.alreadyBody":
    "Alguém, provavelmente você, pediu para cadastrar este endereço nas atualizações de status de {name}. Ele já está cadastrado, então nada mudou.",
  "mail.alreadyLink": "Escolha o que você acompanha ou cancele a assinatura: {url}",
  "mail.manage": "Gerenciar sua assinatura",
  "mail.manageLink": "Gerenciar sua assinatura: {url}",
  "mail.unsubscribe": "Cancelar assinatura",
  "mail.unsubscribeLink": "Cancelar assinatura: {url}",
  "mail.why":
    "Você está recebendo esta mensagem porque assinou as atualizações de status de {name}.",
  "mail.subject": "[Status de {name}] {headline}: {title}",
  "mail.status": "Status",
  "mail.pageStatus": "Página de status",
  "mail.impact": "Impacto",
  "mail.starts": "Início",
  "mail.ends": "Término",
  "mail.estimatedResolution": "Resolução estimada",
  "mail.nextUpdateBy": "Próxima atualização até",
  "mail.postmortem": "Análise pós-incidente",
  "subscribe.postmortems":
    "Receber também as análises pós-incidente: o que aconteceu e o que muda, quando um incidente termina",
  "mail.affected": "Componentes afetados",
  "mail.removedComponent": "Um componente removido",
  "mail.viewIncident": "Ver o incidente",
  "mail.viewMaintenance": "Ver a manutenção",
  "mail.maintenanceScheduled": "Manutenção agendada",
  "mail.maintenanceStarted": "Manutenção iniciada",
  "mail.maintenanceCompleted": "Manutenção concluída",
  "mail.maintenanceCancelled": "Manutenção cancelada",
  "mail.maintenanceUpdated": "Atualização da manutenção",
  "mail.maintenanceReminder": "A manutenção começa em breve",
  "mail.maintenance": "Manutenção",
  // A page without its data: before setup, or with no copy to show
  "unavailable.title": "Status temporariamente indisponível",
  "unavailable.heading": "Temporariamente indisponível",
  "unavailable.body":
    "A página de status não pode ser exibida agora. Tente novamente em instantes.",
  "notSetUp.heading": "Boas-vindas ao {product}",
  "notSetUp.body": "Esta instalação ainda não foi configurada.",
  "notSetUp.action": "Configurar",
  // A label and what it names, with the language's own colon
  "text.labelled": "{label}: {value}",
  "text.heading": "{label}:",
  "text.percent": "{percent} %",
  // Chat and webhook subscriptions
  "subscribe.unsubscribeChannelBody":
    "Parar de enviar as atualizações de status de {name} para este canal de chat ou webhook?",
  "subscribe.manageChannel":
    "As atualizações de status de {name} vão para um canal de chat ou webhook.",
  "mail.confirmBodyChannel":
    "Alguém, provavelmente você, pediu as atualizações de status de {name} para: {components}.",
  "mail.confirmChannel.slack":
    "As atualizações irão para o canal do Slack cuja URL de webhook foi informada na página de status, não para este endereço.",
  "mail.confirmChannel.teams":
    "As atualizações irão para o canal do Microsoft Teams cuja URL de Workflows foi informada na página de status, não para este endereço.",
  "mail.confirmChannel.webhook":
    "As atualizações irão, assinadas, para a URL de webhook informada na página de status, não para este endereço.",
  "mail.channelEndedSubject":
    "As atualizações de status de {name} para o seu canal foram interrompidas",
  "mail.channelEndedBody":
    "O canal de chat ou webhook inscrito no status de {name} não aceita as atualizações há uma semana, então a assinatura foi encerrada e nada mais será enviado a ele.",
  "mail.channelEndedLink": "Assinar de novo: {url}",
  "mail.subscribeAgain": "Assinar de novo",
  "subscribe.channelHeading": "Acompanhar no Slack, Microsoft Teams ou por webhook",
  "subscribe.channelIntro":
    "As atualizações chegam ao seu canal assim que o endereço de contato confirmar pelo e-mail que enviamos a ele.",
  "subscribe.channel": "Onde",
  "subscribe.channelSlack": "Slack (URL de webhook de entrada)",
  "subscribe.channelTeams": "Microsoft Teams (URL de Workflows)",
  "subscribe.channelWebhook": "Webhook (JSON assinado)",
  "subscribe.channelUrl": "URL do webhook",
  "subscribe.contactEmail": "E-mail de contato",
  "subscribe.subscribeChannel": "Inscrever o canal",
  "subscribe.invalidUrl": "Informe a URL https pública do canal.",
  "subscribe.secretTitle": "O segredo de assinatura do webhook",
  "subscribe.secretBody":
    "Cada requisição é assinada com este segredo (Standard Webhooks). Copie agora: ele é mostrado só uma vez.",
};
