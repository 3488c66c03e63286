import type { Receiver, Reply } from "./receiver";

/**
 * Other services' APIs as their documentation shows them, served by a loopback receiver for
 * import tests: Statuspage's manage API, Instatus's REST API and Better Stack's status page API.
 * Each checks the key in the provider's header (401 otherwise), pages its lists as the provider
 * does, and answers records built from the provider's documented shapes. Times are counted back
 * from now, so imported history lands within the 90-day bars.
 */

const DAY = 86_400_000;
export const ago = (days: number, hours = 0) =>
  new Date(Date.now() - days * DAY - hours * 3_600_000).toISOString();
export const ahead = (days: number, hours = 0) =>
  new Date(Date.now() + days * DAY + hours * 3_600_000).toISOString();

const json = (body: unknown): Reply => ({
  status: 200,
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body),
});
const unauthorized: Reply = { status: 401, body: '{"error":"Could not authenticate"}' };

/** A list as a provider pages it: `page` counted from `first`, `size` from `per_page` or `limit`. */
function paged<T>(items: T[], query: URLSearchParams, first: number): T[] {
  const size = Number(query.get("per_page") ?? query.get("limit") ?? 100);
  const page = Number(query.get("page") ?? first) - first;
  return items.slice(page * size, (page + 1) * size);
}

// ---------------------------------------------------------------------------------------------
// Statuspage (https://developer.statuspage.io): the manage API's Page, Component, Incident,
// IncidentUpdate, IncidentTemplate and Subscriber.

export const STATUSPAGE_PAGE_ID = "kctbh9vrtdwd";
export const STATUSPAGE_KEY = "sp-0f9d2c7e-key";

const spComponent = <T extends { id: string; name: string; status: string }>(fields: T) => ({
  page_id: STATUSPAGE_PAGE_ID,
  description: null,
  showcase: true,
  only_show_if_degraded: false,
  automation_email: `component+${String(fields.id)}@notifications.statuspage.io`,
  start_date: null,
  group: false,
  group_id: null,
  updated_at: ago(1),
  ...fields,
});

const spUpdate = <T extends { created_at: string }>(fields: T) => ({
  incident_id: "",
  affected_components: null,
  deliver_notifications: true,
  custom_tweet: null,
  tweet_id: null,
  twitter_updated_at: null,
  wants_twitter_update: false,
  ...fields,
  display_at: fields.created_at,
  updated_at: fields.created_at,
});

/** The records of one Statuspage page, fresh for each test (times are relative to now). */
export function statuspageRecords() {
  const components = [
    spComponent({
      id: "w3b5173",
      name: "Website",
      position: 1,
      status: "operational",
      created_at: ago(200),
    }),
    spComponent({
      id: "c0reg4p",
      name: "Core",
      position: 2,
      status: "degraded_performance",
      group: true,
      components: ["ap1c0mp", "db5c0mp"],
      created_at: ago(200),
    }),
    spComponent({
      id: "ap1c0mp",
      name: "API",
      position: 1,
      status: "operational",
      group_id: "c0reg4p",
      description: "The public REST API",
      created_at: ago(120),
    }),
    spComponent({
      id: "db5c0mp",
      name: "Database",
      position: 2,
      status: "degraded_performance",
      group_id: "c0reg4p",
      created_at: ago(120),
    }),
  ];
  const resolved = {
    id: "r3s0lv3d",
    name: "Elevated API errors",
    status: "postmortem",
    impact: "major",
    created_at: ago(10, 2),
    updated_at: ago(10),
    started_at: ago(10, 2),
    monitoring_at: ago(10, 1),
    resolved_at: ago(10),
    shortlink: "https://stspg.io/abc",
    page_id: STATUSPAGE_PAGE_ID,
    postmortem_body: "A bad deploy exhausted the connection pool.",
    postmortem_published_at: ago(9),
    scheduled_for: null,
    scheduled_until: null,
    components: [components[2]],
    incident_updates: [
      spUpdate({
        id: "u3",
        incident_id: "r3s0lv3d",
        status: "resolved",
        body: "All requests succeed again.",
        created_at: ago(10),
        affected_components: [
          { code: "ap1c0mp", name: "API", old_status: "partial_outage", new_status: "operational" },
        ],
      }),
      spUpdate({
        id: "u2",
        incident_id: "r3s0lv3d",
        status: "monitoring",
        body: "Rolled back; watching error rates.",
        created_at: ago(10, 1),
      }),
      spUpdate({
        id: "u1",
        incident_id: "r3s0lv3d",
        status: "investigating",
        body: "Some API calls fail with 503.",
        created_at: ago(10, 2),
        affected_components: [
          { code: "ap1c0mp", name: "API", old_status: "operational", new_status: "partial_outage" },
        ],
      }),
    ],
  };
  const open = {
    id: "0p3n1nc",
    name: "Slow database queries",
    status: "identified",
    impact: "minor",
    created_at: ago(0, 2),
    updated_at: ago(0, 1),
    started_at: ago(0, 2),
    monitoring_at: null,
    resolved_at: null,
    shortlink: "https://stspg.io/def",
    page_id: STATUSPAGE_PAGE_ID,
    postmortem_body: null,
    postmortem_published_at: null,
    scheduled_for: null,
    scheduled_until: null,
    components: [components[3]],
    incident_updates: [
      spUpdate({
        id: "o2",
        incident_id: "0p3n1nc",
        status: "identified",
        body: "A missing index; adding it.",
        created_at: ago(0, 1),
      }),
      spUpdate({
        id: "o1",
        incident_id: "0p3n1nc",
        status: "investigating",
        body: "Queries take seconds.",
        created_at: ago(0, 2),
        affected_components: [
          {
            code: "db5c0mp",
            name: "Database",
            old_status: "operational",
            new_status: "degraded_performance",
          },
        ],
      }),
    ],
  };
  const upcoming = {
    id: "m41nt3n",
    name: "Database upgrade",
    status: "scheduled",
    impact: "maintenance",
    created_at: ago(1),
    updated_at: ago(1),
    started_at: ago(1),
    monitoring_at: null,
    resolved_at: null,
    shortlink: "https://stspg.io/ghi",
    page_id: STATUSPAGE_PAGE_ID,
    postmortem_body: null,
    scheduled_for: ahead(2),
    scheduled_until: ahead(2, 2),
    scheduled_remind_prior: true,
    scheduled_auto_in_progress: true,
    scheduled_auto_completed: true,
    components: [components[3]],
    incident_updates: [
      spUpdate({
        id: "m1",
        incident_id: "m41nt3n",
        status: "scheduled",
        body: "We will upgrade the primary database.",
        created_at: ago(1),
      }),
    ],
  };
  const past = {
    id: "p45tm41",
    name: "Network maintenance",
    status: "completed",
    impact: "maintenance",
    created_at: ago(35),
    updated_at: ago(30),
    started_at: ago(30, 2),
    monitoring_at: null,
    resolved_at: ago(30),
    shortlink: "https://stspg.io/jkl",
    page_id: STATUSPAGE_PAGE_ID,
    postmortem_body: null,
    scheduled_for: ago(30, 2),
    scheduled_until: ago(30),
    components: [components[0]],
    incident_updates: [
      spUpdate({
        id: "p3",
        incident_id: "p45tm41",
        status: "completed",
        body: "The scheduled maintenance has been completed.",
        created_at: ago(30),
      }),
      spUpdate({
        id: "p2",
        incident_id: "p45tm41",
        status: "in_progress",
        body: "Scheduled maintenance is currently in progress.",
        created_at: ago(30, 2),
      }),
      spUpdate({
        id: "p1",
        incident_id: "p45tm41",
        status: "scheduled",
        body: "Switches are replaced.",
        created_at: ago(35),
      }),
    ],
  };
  return {
    page: {
      id: STATUSPAGE_PAGE_ID,
      name: "Acme Cloud",
      subdomain: "acmecloud",
      url: "https://status.acme.example",
      time_zone: "Etc/UTC",
      created_at: ago(300),
      updated_at: ago(1),
    },
    components,
    incidents: [open, upcoming, resolved, past],
    templates: [
      {
        id: "t3mpl4t",
        name: "API errors",
        title: "Errors on the API",
        body: "We are looking into errors on the API.",
        update_status: "investigating",
        should_tweet: false,
        should_send_notifications: true,
        group_id: null,
        components: [components[2]],
      },
    ],
    subscribers: {
      active: [
        {
          id: "s1",
          mode: "email",
          email: "alice@example.com",
          skip_confirmation_notification: false,
          quarantined_at: null,
          purge_at: null,
          components: ["ap1c0mp"],
          created_at: ago(50),
        },
      ],
      unconfirmed: [
        {
          id: "s2",
          mode: "email",
          email: "bob@example.com",
          skip_confirmation_notification: false,
          quarantined_at: null,
          purge_at: null,
          components: [],
          created_at: ago(3),
        },
      ],
    },
  };
}

/** Statuspage's manage API for one page under `/v1`, with `Authorization: OAuth <key>`. */
export function serveStatuspageApi(receiver: Receiver, records = statuspageRecords()) {
  const base = `/v1/pages/${STATUSPAGE_PAGE_ID}`;
  receiver.answerUnder(base, (request) => {
    if (request.headers.authorization !== `OAuth ${STATUSPAGE_KEY}`) return unauthorized;
    const url = new URL(request.path, "http://x");
    const rest = url.pathname.slice(base.length);
    const q = url.searchParams;
    if (rest === "") return json(records.page);
    if (rest === "/components") return json(paged(records.components, q, 1));
    if (rest === "/incidents") return json(paged(records.incidents, q, 1));
    if (rest === "/incident_templates") return json(paged(records.templates, q, 1));
    if (rest === "/subscribers") {
      const state = q.get("state") as "active" | "unconfirmed";
      return json(paged(records.subscribers[state] ?? [], q, 0));
    }
    return { status: 404, body: '{"error":"The requested resource could not be found."}' };
  });
  return { url: `${receiver.url}/v1`, records };
}

// ---------------------------------------------------------------------------------------------
// Instatus (its OpenAPI description, instatushq/openapi): Component, Incident, Maintenance,
// Subscriber; lists are bare arrays paged with `page` and `per_page`.

export const INSTATUS_PAGE_ID = "ckf01fonve9i40a32oas5b0uw";
export const INSTATUS_KEY = "instatus-7d1e-key";

const site = {
  id: INSTATUS_PAGE_ID,
  name: "Nasa",
  subdomain: "nasa",
  color: null,
  logoUrl: null,
  publicEmail: null,
};

export function instatusRecords() {
  return {
    pages: [{ id: INSTATUS_PAGE_ID, subdomain: "nasa", name: "Nasa", status: "UP" }],
    components: [
      {
        id: "grpmissions",
        name: "Missions",
        description: "",
        status: "OPERATIONAL",
        showUptime: true,
        order: 0,
        isParent: true,
        group: null,
        groupId: null,
        createdAt: ago(100),
        updatedAt: ago(2),
      },
      {
        id: "cmpwebsite",
        name: "Website",
        description: "",
        status: "OPERATIONAL",
        showUptime: true,
        order: 1,
        group: null,
        groupId: null,
        createdAt: ago(90),
        updatedAt: ago(2),
      },
      {
        id: "cmprocket",
        name: "Rocket",
        description: "Launch control",
        status: "PARTIALOUTAGE",
        showUptime: true,
        order: 2,
        group: { id: "grpmissions", name: "Missions", isParent: true },
        groupId: "grpmissions",
        createdAt: ago(80),
        updatedAt: ago(0, 1),
      },
    ],
    incidents: [
      {
        id: "inc1",
        name: "Rocket is going down",
        started: ago(5, 3),
        status: "RESOLVED",
        resolved: ago(5),
        duration: 180,
        updates: [
          {
            id: "iu1",
            message: "We are currently investigating this incident.",
            messageHtml: "<p>We are currently investigating this incident.</p>",
            status: "INVESTIGATING",
            notify: true,
            started: ago(5, 3),
            ended: null,
            duration: null,
            createdAt: ago(5, 3),
          },
          {
            id: "iu2",
            message: "Back on course.",
            messageHtml: "<p>Back on course.</p>",
            status: "RESOLVED",
            notify: true,
            started: ago(5),
            ended: null,
            duration: null,
            createdAt: ago(5),
          },
        ],
        components: [
          { id: "cmprocket", name: "Rocket", status: "OPERATIONAL", showUptime: true, site },
        ],
      },
      {
        id: "inc2",
        name: "Telemetry delayed",
        started: ago(0, 1),
        status: "MONITORING",
        resolved: null,
        duration: null,
        updates: [
          {
            id: "iu3",
            message: "Telemetry arrives late.",
            messageHtml: "<p>Telemetry arrives late.</p>",
            status: "INVESTIGATING",
            notify: true,
            started: ago(0, 1),
            ended: null,
            duration: null,
            createdAt: ago(0, 1),
          },
          {
            id: "iu4",
            message: "A fix is out.",
            messageHtml: "<p>A fix is out.</p>",
            status: "MONITORING",
            notify: true,
            started: ago(0, 0.5),
            ended: null,
            duration: null,
            createdAt: ago(0, 0.5),
          },
        ],
        components: [
          { id: "cmprocket", name: "Rocket", status: "PARTIALOUTAGE", showUptime: true, site },
        ],
      },
    ],
    maintenances: [
      {
        id: "mnt1",
        name: "Launchpad service",
        status: "NOTSTARTEDYET",
        start: ahead(3),
        duration: 90,
        notifyStart: true,
        notifyEnd: true,
        notifyEarly: true,
        notifyMinutes: 60,
        autoStart: true,
        autoEnd: true,
        updates: [
          {
            id: "mu1",
            message: "We are planning for a scheduled maintenance during that time.",
            messageHtml: "<p>…</p>",
            status: "NOTSTARTEDYET",
            notify: true,
            started: ago(1),
            ended: null,
            duration: null,
            createdAt: ago(1),
          },
        ],
        components: [
          { id: "cmpwebsite", name: "Website", status: "OPERATIONAL", showUptime: true, site },
        ],
      },
    ],
    subscribers: [
      {
        id: "sub1",
        email: "ali@example.com",
        phone: null,
        webhook: null,
        webhookEmail: null,
        confirmed: true,
        all: true,
        components: [],
      },
      {
        id: "sub2",
        email: "noor@example.com",
        phone: null,
        webhook: null,
        webhookEmail: null,
        confirmed: false,
        all: false,
        components: ["cmprocket"],
      },
      {
        id: "sub3",
        email: null,
        phone: "5417543010",
        webhook: null,
        webhookEmail: null,
        confirmed: true,
        all: true,
        components: [],
      },
    ],
  };
}

/** Instatus's API at the receiver's root, with `Authorization: Bearer <key>`. */
export function serveInstatus(receiver: Receiver, records = instatusRecords()) {
  const lists: Record<string, unknown[]> = {
    [`/v1/${INSTATUS_PAGE_ID}/components`]: records.components,
    [`/v1/${INSTATUS_PAGE_ID}/incidents`]: records.incidents,
    [`/v1/${INSTATUS_PAGE_ID}/maintenances`]: records.maintenances,
    [`/v2/${INSTATUS_PAGE_ID}/subscribers`]: records.subscribers,
    "/v2/pages": records.pages,
  };
  for (const prefix of ["/v1/", "/v2/"]) {
    receiver.answerUnder(prefix, (request) => {
      if (request.headers.authorization !== `Bearer ${INSTATUS_KEY}`) {
        return { status: 401, body: '{"error":{"code":"forbidden","message":"Not authorized"}}' };
      }
      const url = new URL(request.path, "http://x");
      const items = lists[url.pathname];
      return items ? json(paged(items, url.searchParams, 1)) : { status: 404, body: "{}" };
    });
  }
  return receiver.url;
}

// ---------------------------------------------------------------------------------------------
// Better Stack Uptime (betterstack.com/docs/uptime/api): status page, sections, resources,
// status reports and their updates, subscribers; JSON:API with `pagination.next` links.

export const BETTERSTACK_PAGE_ID = "123456789";
export const BETTERSTACK_KEY = "bs-9c4a-token";

export function betterStackRecords() {
  const history = (days: number) =>
    Array.from({ length: days }, (_, i) => ({
      day: ago(days - 1 - i).slice(0, 10),
      status: "operational",
      downtime_duration: 0,
      maintenance_duration: 0,
    }));
  return {
    page: {
      id: BETTERSTACK_PAGE_ID,
      type: "status_page",
      attributes: {
        company_name: "Best company",
        company_url: "https://best-company.com",
        subdomain: "best-company",
        timezone: "UTC",
        aggregate_state: "degraded",
        history: 90,
        created_at: ago(100),
        updated_at: ago(1),
      },
    },
    sections: [
      {
        id: "12345",
        type: "status_page_section",
        attributes: { name: "Current status by service", position: 0, status_page_id: 123456789 },
      },
    ],
    resources: [
      {
        id: "111",
        type: "status_page_resource",
        attributes: {
          status_page_section_id: 12345,
          resource_id: 112233,
          resource_type: "Monitor",
          public_name: "Checkout",
          explanation: "",
          position: 0,
          widget_type: "history",
          status: "degraded",
          availability: 0.999,
          status_history: history(60),
        },
      },
      {
        id: "222",
        type: "status_page_resource",
        attributes: {
          status_page_section_id: 12345,
          resource_id: 112234,
          resource_type: "Monitor",
          public_name: "Search",
          explanation: "Full-text search",
          position: 1,
          widget_type: "history",
          status: "operational",
          availability: 1,
          status_history: history(60),
        },
      },
    ],
    reports: [
      {
        id: "901",
        type: "status_report",
        attributes: {
          title: "Checkout failing",
          report_type: "manual",
          starts_at: ago(7, 1),
          ends_at: null,
          status_page_id: 123456789,
          aggregate_state: "resolved",
          affected_resources: [{ status_page_resource_id: "111", status: "resolved" }],
        },
      },
      {
        id: "902",
        type: "status_report",
        attributes: {
          title: "Slow checkout",
          report_type: "manual",
          starts_at: ago(0, 3),
          ends_at: null,
          status_page_id: 123456789,
          aggregate_state: "degraded",
          affected_resources: [{ status_page_resource_id: "111", status: "degraded" }],
        },
      },
      {
        id: "903",
        type: "status_report",
        attributes: {
          title: "Search index rebuild",
          report_type: "maintenance",
          starts_at: ahead(4),
          ends_at: ahead(4, 1),
          status_page_id: 123456789,
          aggregate_state: "maintenance",
          affected_resources: [{ status_page_resource_id: "222", status: "maintenance" }],
        },
      },
    ],
    updates: {
      "901": [
        {
          id: "9011",
          type: "status_update",
          attributes: {
            message: "Payments fail at checkout.",
            published_at: ago(7, 1),
            published_at_timezone: "UTC",
            notify_subscribers: true,
            status_report_id: 901,
            affected_resources: [{ status_page_resource_id: "111", status: "downtime" }],
          },
        },
        {
          id: "9012",
          type: "status_update",
          attributes: {
            message: "Payments work again.",
            published_at: ago(7),
            published_at_timezone: "UTC",
            notify_subscribers: true,
            status_report_id: 901,
            affected_resources: [{ status_page_resource_id: "111", status: "resolved" }],
          },
        },
      ],
      "902": [
        {
          id: "9021",
          type: "status_update",
          attributes: {
            message: "Checkout is slow.",
            published_at: ago(0, 3),
            published_at_timezone: "UTC",
            notify_subscribers: true,
            status_report_id: 902,
            affected_resources: [{ status_page_resource_id: "111", status: "degraded" }],
          },
        },
      ],
      "903": [
        {
          id: "9031",
          type: "status_update",
          attributes: {
            message: "Search may return stale results.",
            published_at: ago(1),
            published_at_timezone: "UTC",
            notify_subscribers: true,
            status_report_id: 903,
            affected_resources: [{ status_page_resource_id: "222", status: "maintenance" }],
          },
        },
      ],
    } as Record<string, unknown[]>,
    subscribers: [
      {
        id: "7001",
        type: "status_page_subscriber",
        attributes: {
          status_page_id: 123456789,
          email: "customer@example.com",
          status_page_resource_ids: [],
          confirmed_at: ago(20),
          created_at: ago(20),
          updated_at: ago(20),
        },
      },
      {
        id: "7002",
        type: "status_page_subscriber",
        attributes: {
          status_page_id: 123456789,
          email: "prospect@example.com",
          status_page_resource_ids: [111],
          confirmed_at: null,
          created_at: ago(2),
          updated_at: ago(2),
        },
      },
    ],
  };
}

/** Better Stack's API under `/api/v2`, with `Authorization: Bearer <token>`; lists page by 1. */
export function serveBetterStack(receiver: Receiver, records = betterStackRecords()) {
  const base = `/api/v2/status-pages/${BETTERSTACK_PAGE_ID}`;
  receiver.answerUnder(base, (request) => {
    if (request.headers.authorization !== `Bearer ${BETTERSTACK_KEY}`) {
      return { status: 401, body: '{"errors":"Invalid Team API Token"}' };
    }
    const url = new URL(request.path, "http://x");
    const rest = url.pathname.slice(base.length);
    if (rest === "") return json({ data: records.page });
    const reportUpdates = /^\/status-reports\/(\w+)\/status-updates$/.exec(rest);
    const items =
      rest === "/sections"
        ? records.sections
        : rest === "/resources"
          ? records.resources
          : rest === "/status-reports"
            ? records.reports
            : rest === "/subscribers"
              ? records.subscribers
              : reportUpdates
                ? (records.updates[reportUpdates[1]!] ?? [])
                : null;
    if (!items) return { status: 404, body: "{}" };
    // One record per page, to follow `pagination.next` as a client must.
    const page = Number(url.searchParams.get("page") ?? 1);
    const link = (n: number) => `${receiver.url}${url.pathname}?page=${n}`;
    return json({
      data: items.slice(page - 1, page),
      pagination: {
        first: link(1),
        last: link(Math.max(items.length, 1)),
        prev: page > 1 ? link(page - 1) : null,
        next: page < items.length ? link(page + 1) : null,
      },
    });
  });
  return `${receiver.url}/api/v2`;
}

// ---------------------------------------------------------------------------------------------
// Uptime Kuma 1.23 (src/components/settings/Backup.vue, server/model/monitor.js toJSON): the
// backup file Settings → Backup → Export writes.

function kumaMonitor(fields: Record<string, unknown>) {
  return {
    description: null,
    pathName: fields.name,
    parent: null,
    childrenIDs: [],
    url: "https://",
    method: "GET",
    hostname: null,
    port: null,
    maxretries: 0,
    weight: 2000,
    active: true,
    forceInactive: false,
    timeout: 48,
    interval: 60,
    retryInterval: 60,
    resendInterval: 0,
    keyword: null,
    invertKeyword: false,
    expiryNotification: false,
    ignoreTls: false,
    upsideDown: false,
    packetSize: 56,
    maxredirects: 10,
    accepted_statuscodes: ["200-299"],
    dns_resolve_type: "A",
    dns_resolve_server: "1.1.1.1",
    dns_last_result: null,
    docker_container: "",
    docker_host: null,
    proxyId: null,
    notificationIDList: {},
    tags: [],
    maintenance: false,
    mqttTopic: "",
    mqttSuccessMessage: "",
    databaseQuery: null,
    authMethod: null,
    grpcUrl: null,
    grpcProtobuf: null,
    grpcMethod: null,
    grpcServiceName: null,
    grpcEnableTls: false,
    radiusCalledStationId: null,
    radiusCallingStationId: null,
    game: null,
    gamedigGivenPortOnly: true,
    httpBodyEncoding: "json",
    jsonPath: null,
    expectedValue: null,
    kafkaProducerTopic: null,
    kafkaProducerBrokers: [],
    kafkaProducerSsl: false,
    kafkaProducerAllowAutoTopicCreation: false,
    kafkaProducerMessage: null,
    screenshot: null,
    headers: null,
    body: null,
    grpcBody: null,
    grpcMetadata: null,
    basic_auth_user: null,
    basic_auth_pass: null,
    oauth_client_id: null,
    oauth_client_secret: null,
    oauth_token_url: null,
    oauth_scopes: null,
    oauth_auth_method: "client_secret_basic",
    pushToken: null,
    databaseConnectionString: null,
    radiusUsername: null,
    radiusPassword: null,
    radiusSecret: null,
    mqttUsername: "",
    mqttPassword: "",
    authWorkstation: null,
    authDomain: null,
    tlsCa: null,
    tlsCert: null,
    tlsKey: null,
    kafkaProducerSaslOptions: { mechanism: "None" },
    includeSensitiveData: true,
    ...fields,
  };
}

/** A backup with monitors of every kind: `target` is a loopback address they check. */
export function uptimeKumaBackup(target: string) {
  return {
    version: "1.23.16",
    notificationList: [
      {
        id: 1,
        name: "Ops Discord",
        config: '{"name":"Ops Discord","type":"discord","isDefault":false}',
        active: true,
        userId: 1,
        isDefault: false,
      },
    ],
    monitorList: [
      kumaMonitor({ id: 1, name: "Shop", type: "group", childrenIDs: [2, 3] }),
      kumaMonitor({
        id: 2,
        name: "API health",
        pathName: "Shop / API health",
        parent: 1,
        type: "http",
        url: `${target}/health`,
        method: "POST",
        interval: 30,
        maxretries: 2,
        timeout: 12,
        accepted_statuscodes: ["200-299", "301"],
        authMethod: "basic",
        basic_auth_user: "monitor",
        basic_auth_pass: "hunter2",
        headers: '{\n    "X-Api-Key": "secret"\n}',
        body: '{\n    "ping": true\n}',
        notificationIDList: { 1: true },
      }),
      kumaMonitor({
        id: 3,
        name: "Homepage",
        pathName: "Shop / Homepage",
        parent: 1,
        type: "keyword",
        url: `${target}/`,
        keyword: "Welcome",
        interval: 120,
      }),
      kumaMonitor({
        id: 4,
        name: "Status JSON",
        type: "json-query",
        url: `${target}/status.json`,
        jsonPath: "data.state",
        expectedValue: "ok",
        active: false,
      }),
      kumaMonitor({
        id: 5,
        name: "Database port",
        type: "port",
        hostname: "127.0.0.1",
        port: 5432,
      }),
      kumaMonitor({
        id: 6,
        name: "Nightly backup",
        type: "push",
        interval: 86_400,
        pushToken: "abc123",
      }),
      kumaMonitor({
        id: 7,
        name: "Gateway",
        type: "ping",
        hostname: "10.0.0.1",
        interval: 30,
        timeout: 24,
      }),
      kumaMonitor({
        id: 8,
        name: "Worker container",
        type: "docker",
        docker_container: "worker",
        docker_host: 1,
      }),
      kumaMonitor({
        id: 9,
        name: "Maintenance page",
        type: "http",
        url: `${target}/down`,
        upsideDown: true,
      }),
      kumaMonitor({
        id: 10,
        name: "Partner API",
        type: "http",
        url: `${target}/partner`,
        authMethod: "oauth2-cc",
        oauth_client_id: "id",
        oauth_client_secret: "secret",
        oauth_token_url: `${target}/token`,
      }),
    ],
  };
}
