import type { Messages } from "./en";

/** What visitors and subscribers read, in Japanese. */
export const ja: Messages = {
  // Every page
  "page.title": "{name} ステータス",
  "page.description":
    "{headline}。{name}のリアルタイムのステータス、インシデント、メンテナンス情報。",
  "page.skip": "コンテンツへスキップ",
  "page.subscribe": "更新情報を購読",
  "page.emailAddress": "メールアドレス",
  "page.leaveEmpty": "この欄は空のままにしてください",
  "page.subscribeByEmail": "メールで購読",
  "page.chooseComponents": "コンポーネントを選択…",
  "page.rssFeed": "RSSフィード",
  "page.atomFeed": "Atomフィード",
  "page.feedTitleRss": "{name}のインシデント（RSS）",
  "page.feedTitleAtom": "{name}のインシデント（Atom）",
  "page.more": "その他",
  "page.history": "インシデント履歴",
  "page.rss": "RSS",
  "page.atom": "Atom",
  "page.poweredBy": "{product} で運営",
  "page.language": "言語",
  "page.support": "サポートに問い合わせる",
  "page.siteLinks": "リンク",
  "page.home": "{name} ステータスのホーム",
  "page.back": "← 現在のステータス",
  "page.backToStatus": "ステータスページに戻る",

  // Status words
  "component.operational": "正常稼働",
  "component.degraded_performance": "パフォーマンス低下",
  "component.partial_outage": "部分的な障害",
  "component.major_outage": "大規模な障害",
  "component.under_maintenance": "メンテナンス中",
  "incident.investigating": "調査中",
  "incident.identified": "原因特定",
  "incident.monitoring": "経過観察中",
  "incident.resolved": "解決済み",
  "impact.none": "影響なし",
  "impact.minor": "軽微な影響",
  "impact.major": "重大な影響",
  "impact.critical": "深刻な影響",
  "maintenance.scheduled": "予定",
  "maintenance.in_progress": "実施中",
  "maintenance.completed": "完了",
  "maintenance.cancelled": "中止",
  "overall.none": "すべてのシステムが正常に稼働しています",
  "overall.maintenance": "サービスはメンテナンス中です",
  "overall.minor": "軽微なサービス障害",
  "overall.major": "大規模なサービス障害",
  "overall.critical": "深刻なサービス障害",

  // The status page
  "status.updated": "最終更新：{time}",
  "status.active": "発生中のインシデント",
  "status.maintenance": "メンテナンス",
  "status.components": "コンポーネント",
  "status.noComponents": "コンポーネントはまだありません。",
  "status.past": "過去のインシデント",
  "status.noIncidents": "報告されたインシデントはありません。",
  "status.quietDays":
    "{days, plural, =1 {{from}に報告されたインシデントはありません。} other {{from}から{to}までに報告されたインシデントはありません。}}",
  "status.affects": "影響範囲：{names}",
  "status.edited": "（編集済み）",
  "status.resolvedAfter": "{duration}で解決",

  // Uptime bars
  "bar.daysAgo": "{days}日前",
  "bar.today": "今日",
  "bar.uptime": "稼働率 {percent}%",
  "bar.noData": "データなし",
  "bar.dayNoData": "{day}：データなし",
  "bar.day": "{day}：{status}、稼働率 {percent}%",
  "bar.days": "{from} – {to}：{status}、稼働率 {percent}%",
  "bar.summaryNoData": "{name}：稼働率データはまだありません。",
  "bar.summary": "{name}：過去{days}日間の稼働率は{percent}%です。",
  "bar.problemDays": "問題が発生した日：{days}。",
  "bar.problemDaysMore": "問題が発生した日：{days}、ほか{more, plural, other {#日}}。",
  "bar.problemDay": "{day}：{status}（{percent}%）",
  "bar.noProblems": "問題はありません。",
  "bar.downMinutes": "{minutes, plural, =0 {ダウンタイムなし} other {ダウンタイム #分}}",
  "bar.dayIncidents": "インシデント",
  "bar.dayMaintenance": "メンテナンス",
  "bar.nothingThatDay": "インシデントやメンテナンスはありません。",
  "bar.dayDetail": "{day}の詳細",

  // One incident, one window
  "incident.started": "開始：{time}",
  "incident.startedResolved": "開始：{time}、解決：{resolved}",
  "incident.estimatedResolution": "解決見込み：{time}",
  "incident.nextUpdateBy": "次回更新：{time}まで",
  "incident.postmortem": "事後分析",
  "incident.postmortemPublished": "公開：{time}",
  "incident.updates": "更新情報",
  "incident.pageTitle": "{title} · {name} ステータス",
  "maintenance.began": "メンテナンスを開始しました。",
  "maintenance.over": "メンテナンスが終了しました。",
  "maintenance.update": "{status} · 更新",
  "maintenance.description": "メンテナンス：{title}",

  // History
  "history.title": "インシデント履歴",
  "history.description": "{name}の過去のインシデント。",
  "history.pages": "履歴のページ",
  "history.newer": "← 新しい履歴",
  "history.older": "古い履歴 →",
  "history.ongoing": "継続中",
  "history.dayDescription": "{day}の{name}の稼働率、インシデント、メンテナンス。",
  "history.dayUptime": "この日の稼働率",
  "history.dayIncidents": "インシデント",
  "history.dayMaintenance": "メンテナンス",
  "history.noneThatDay": "この日のインシデントやメンテナンスはありません。",
  "history.previousDay": "← 前日",
  "history.nextDay": "翌日 →",

  // Badges and the embedded status
  "badge.status": "ステータス",
  "badge.uptime": "稼働率",
  "badge.noData": "データなし",
  "embed.open": "{name}のステータスページを見る",
  "embed.incidents": "{count, plural, other {発生中のインシデント #件}}",

  // Not there
  "notFound.title": "ページが見つかりません",
  "notFound.description": "このページは存在しません。",
  "notFound.body": "このアドレスで公開されているものはありません。",
  "notFound.link": "現在のステータスを見る",

  // A private page
  "private.title": "このステータスページは非公開です",
  "private.lead": "ページを読むにはパスワードを入力してください。",
  "private.password": "パスワード",
  "private.enter": "ページを開く",
  "private.wrong": "パスワードが正しくありません。",
  "private.tooMany": "試行回数が多すぎます。{seconds, number} 秒後にもう一度お試しください。",
  "private.signInLead": "読むにはメールアドレスでサインインしてください。リンクをお送りします。",
  "private.email": "メールアドレス",
  "private.sendLink": "リンクをメールで受け取る",
  "private.linkSent":
    "このアドレスがページを読める場合、サインイン用のリンクをお送りしました。リンクは 15 分間有効です。",
  "private.linkExpired":
    "このサインインリンクは期限切れか無効です。新しいリンクを請求してください。",
  "private.signOut": "サインアウト",
  "private.signInWithProvider": "シングルサインオンでサインイン",
  "private.orEmail": "またはメールでサインインリンクを受け取る:",
  "private.notReader":
    "このアカウントはこのページを読めません。別のアカウントでサインインするか、ページの管理者にお問い合わせください。",
  "private.continueLead": "サインインリンクの準備ができました。",
  "private.continue": "サインインしてページを開く",

  // Subscribing
  "subscribe.intro":
    "{name}がインシデントを公開したり、メンテナンスを予定したりすると、メールでお知らせします。最初に確認用のリンクをお送りします。確認が完了するまで、それ以外のメールは届きません。",
  "subscribe.components": "コンポーネント",
  "subscribe.chooseNone": "何も選択しない場合は、すべてについてお知らせします。",
  "subscribe.feeds": "{rss}フィードまたは{atom}フィードを購読することもできます。",
  "subscribe.invalidEmail": "有効なメールアドレスを入力してください。",
  "subscribe.unknownComponents":
    "選択したコンポーネントの一部が存在しなくなりました。もう一度選択してください。",
  "subscribe.tooMany":
    "お使いのネットワークからのリクエストが多すぎます。{minutes, plural, other {#分}}待ってから、もう一度お試しください。",
  "subscribe.checkInbox": "受信トレイを確認してください",
  "subscribe.checkInboxBody":
    "このアドレスで購読できる場合は、確認用リンクを記載したメールをお送りしました。リンクの有効期間は7日間です。",
  "subscribe.confirmTitle": "購読の確認",
  "subscribe.confirmBody": "確認すると、{name}のステータス更新情報がメールで届くようになります。",
  "subscribe.confirmButton": "購読を確認",
  "subscribe.confirmedTitle": "購読を確認しました",
  "subscribe.confirmedHeading": "購読が完了しました",
  "subscribe.confirmedBody":
    "{name}がインシデントを公開したり、メンテナンスを予定したりすると、メールでお知らせします。",
  "subscribe.chooseFollowed": "フォローする対象を選択",
  "subscribe.expiredTitle": "リンクの有効期限切れ",
  "subscribe.expiredBody":
    "この確認リンクは有効期限が切れています。新しいリンクを受け取るには、もう一度購読してください。",
  "subscribe.invalidTitle": "無効なリンク",
  "subscribe.invalidBody":
    "このリンクは無効です。すでに使用されたか、購読が終了している可能性があります。",
  "subscribe.subscribe": "購読する",
  "subscribe.unsubscribeTitle": "購読の解除",
  "subscribe.unsubscribeBody": "{email}への{name}のステータス更新情報の送信を停止しますか？",
  "subscribe.unsubscribeButton": "購読を解除",
  "subscribe.unsubscribedTitle": "購読解除済み",
  "subscribe.unsubscribedHeading": "購読を解除しました",
  "subscribe.unsubscribedBody": "今後、このアドレスに{name}のステータス更新情報は送信されません。",
  "subscribe.subscribeAgain": "もう一度購読する",
  "subscribe.manageTitle": "購読の設定",
  "subscribe.saved": "保存しました。",
  "subscribe.manageActive": "{name}のステータス更新情報は{email}に送信されます。",
  "subscribe.managePaused":
    "{name}のステータス更新情報は{email}に送信されます（一時停止中：このアドレス宛てのメールが受信を拒否されました）。",
  "subscribe.managePending": "{name}のステータス更新情報は{email}に送信されます（確認待ち）。",
  "subscribe.followSome": "下でチェックしたコンポーネントをフォローしています。",
  "subscribe.followAll": "すべてをフォローしています。",
  "subscribe.save": "保存",

  // Feeds
  "feed.title": "{name} ステータス",
  "feed.description": "{name}のステータスページに掲載されたインシデントとその更新情報。",

  // Email to subscribers
  "mail.confirmSubject": "{name} ステータスの購読を確認してください",
  "mail.confirmBody":
    "{name}のステータス更新情報を次の対象についてメールで受け取る申し込みがありました（おそらくご本人によるものです）：{components}。",
  "mail.everyComponent": "すべてのコンポーネント",
  "mail.confirmButton": "購読を確認",
  "mail.confirmLink": "購読を確認する：{url}",
  "mail.openLink": "または、次のリンクを開いてください：{url}",
  "mail.confirmExpiry":
    "このリンクは1回のみ有効で、7日後に有効期限が切れます。お心当たりがない場合は、このメールを無視してください。確認されない限り、メールが送信されることはありません。",
  "mail.alreadySubject": "{name} ステータスはすでに購読済みです",
  "mail.alreadyBody":
    "このアドレスで{name}のステータス更新情報を購読する申し込みがありました（おそらくご本人によるものです）。このアドレスはすでに購読済みのため、変更はありません。",
  "mail.alreadyLink": "フォローする対象の選択、または購読の解除：{url}",
  "mail.manage": "購読を管理",
  "mail.manageLink": "購読を管理：{url}",
  "mail.unsubscribe": "購読を解除",
  "mail.unsubscribeLink": "購読を解除：{url}",
  "mail.why": "このメールは、{name}のステータス更新情報を購読されているためお送りしています。",
  "mail.subject": "[{name} ステータス] {headline}: {title}",
  "mail.status": "ステータス",
  "mail.pageStatus": "ステータスページ",
  "mail.impact": "影響度",
  "mail.starts": "開始",
  "mail.ends": "終了",
  "mail.estimatedResolution": "解決見込み",
  "mail.nextUpdateBy": "次回更新予定",
  "mail.postmortem": "事後分析",
  "subscribe.postmortems": "事後分析も受け取る（インシデント終了後の経緯と改善内容）",
  "mail.affected": "影響を受けるコンポーネント",
  "mail.removedComponent": "削除されたコンポーネント",
  "mail.viewIncident": "インシデントを見る",
  "mail.viewMaintenance": "メンテナンスを見る",
  "mail.maintenanceScheduled": "メンテナンス予定",
  "mail.maintenanceStarted": "メンテナンス開始",
  "mail.maintenanceCompleted": "メンテナンス完了",
  "mail.maintenanceCancelled": "メンテナンス中止",
  "mail.maintenanceUpdated": "メンテナンスの更新",
  "mail.maintenanceReminder": "まもなくメンテナンス開始",
  "mail.maintenance": "メンテナンス",
  // A page without its data: before setup, or with no copy to show
  "unavailable.title": "ステータスは一時的に利用できません",
  "unavailable.heading": "一時的に利用できません",
  "unavailable.body":
    "現在ステータスページを表示できません。しばらくしてからもう一度お試しください。",
  "notSetUp.heading": "{product}へようこそ",
  "notSetUp.body": "このインストールはまだセットアップされていません。",
  "notSetUp.action": "セットアップ",
  // A label and what it names, with the language's own colon
  "text.labelled": "{label}：{value}",
  "text.heading": "{label}：",
  "text.percent": "{percent}%",
  // Chat and webhook subscriptions
  "subscribe.unsubscribeChannelBody":
    "このチャットチャンネルまたは Webhook への{name}のステータス更新の送信を停止しますか？",
  "subscribe.manageChannel":
    "{name}のステータス更新はチャットチャンネルまたは Webhook に届きます。",
  "mail.confirmBodyChannel":
    "{name}のステータス更新情報を次の対象について受け取る申し込みがありました（おそらくご本人によるものです）：{components}。",
  "mail.confirmChannel.slack":
    "更新はこのアドレスではなく、ステータスページで入力された Webhook URL の Slack チャンネルに届きます。",
  "mail.confirmChannel.teams":
    "更新はこのアドレスではなく、ステータスページで入力された Workflows URL の Microsoft Teams チャンネルに届きます。",
  "mail.confirmChannel.webhook":
    "更新はこのアドレスではなく、ステータスページで入力された Webhook URL に署名付きで届きます。",
  "mail.channelEndedSubject": "{name} からチャンネルへのステータス更新を停止しました",
  "mail.channelEndedBody":
    "{name} のステータスを購読しているチャットチャンネルまたは Webhook が 1 週間更新を受け付けていないため、購読を終了しました。今後は何も送信されません。",
  "mail.channelEndedLink": "もう一度購読する: {url}",
  "mail.subscribeAgain": "もう一度購読する",
  "subscribe.channelHeading": "Slack、Microsoft Teams、Webhook でフォロー",
  "subscribe.channelIntro":
    "連絡先アドレスが、お送りするメールから確認すると、チャンネルに更新が届くようになります。",
  "subscribe.channel": "送信先",
  "subscribe.channelSlack": "Slack(Incoming Webhook URL)",
  "subscribe.channelTeams": "Microsoft Teams(Workflows URL)",
  "subscribe.channelWebhook": "Webhook(署名付き JSON)",
  "subscribe.channelUrl": "Webhook の URL",
  "subscribe.contactEmail": "連絡先メールアドレス",
  "subscribe.subscribeChannel": "チャンネルを購読",
  "subscribe.invalidUrl": "チャンネルの公開 https URL を入力してください。",
  "subscribe.secretTitle": "Webhook の署名シークレット",
  "subscribe.secretBody":
    "すべてのリクエストはこのシークレットで署名されます(Standard Webhooks)。表示は一度だけなので、今すぐコピーしてください。",
};
