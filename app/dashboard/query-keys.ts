import type { AuditFilters } from "./api-types";

/**
 * Every query key the dashboard uses, one set per domain. Each set starts with its domain's root,
 * so a change invalidates the root and every view of that domain reloads; keys are built only
 * here, so a view and the change that should refresh it cannot disagree on a spelling.
 */

export const componentKeys = {
  all: ["components"] as const,
  page: () => [...componentKeys.all, "page"] as const,
};

export const incidentKeys = {
  all: ["incidents"] as const,
  /** Lists only: a change refreshes them, while the incident it answered is set directly. */
  lists: () => [...incidentKeys.all, "list"] as const,
  list: (state: "open" | "resolved") => [...incidentKeys.lists(), state] as const,
  overview: () => [...incidentKeys.lists(), "open", "overview"] as const,
  /** Every open incident (up to 100), for the overall headline. */
  open: () => [...incidentKeys.lists(), "open", "all"] as const,
  holds: () => [...incidentKeys.lists(), "open", "holds"] as const,
  detail: (id: string) => [...incidentKeys.all, "detail", id] as const,
};

export const maintenanceKeys = {
  all: ["maintenances"] as const,
  list: () => [...maintenanceKeys.all, "list"] as const,
  series: () => [...maintenanceKeys.all, "series"] as const,
  overview: () => [...maintenanceKeys.all, "overview"] as const,
  holds: () => [...maintenanceKeys.all, "holds"] as const,
};

export const monitorKeys = {
  all: ["monitors"] as const,
  list: () => [...monitorKeys.all, "list"] as const,
  telemetry: () => [...monitorKeys.all, "telemetry"] as const,
  uptime: () => [...monitorKeys.all, "uptime"] as const,
  /** Everything about one monitor: its history, checks and outages. */
  one: (id: string) => [...monitorKeys.all, id] as const,
  history: (id: string, range: string) => [...monitorKeys.one(id), "history", range] as const,
  checks: (id: string) => [...monitorKeys.one(id), "checks"] as const,
  outages: (id: string) => [...monitorKeys.one(id), "outages"] as const,
};

export const endpointKeys = {
  all: ["webhook-endpoints"] as const,
  list: () => [...endpointKeys.all, "list"] as const,
  /** Everything about one endpoint: its delivery log. */
  one: (id: string) => [...endpointKeys.all, id] as const,
  deliveries: (id: string) => [...endpointKeys.one(id), "deliveries"] as const,
};

export const subscriberKeys = {
  all: ["subscribers"] as const,
  list: () => [...subscriberKeys.all, "list"] as const,
};

export const memberKeys = {
  all: ["members"] as const,
  list: () => [...memberKeys.all, "list"] as const,
};

export const pageKeys = {
  all: ["pages"] as const,
  list: () => [...pageKeys.all, "list"] as const,
  audiences: (pageId: string) => [...pageKeys.all, "audiences", pageId] as const,
};

export const ssoKeys = {
  all: ["sso"] as const,
};

export const apiTokenKeys = {
  all: ["api-tokens"] as const,
  list: () => [...apiTokenKeys.all, "list"] as const,
};

export const auditKeys = {
  all: ["audit-log"] as const,
  /** One key per set of filters: each is its own list, paged older on its own. */
  list: (filters: AuditFilters) => [...auditKeys.all, "list", filters] as const,
};

export const mailboxKeys = {
  /** The mailbox page and the outgoing-mail notice share this one answer. */
  all: ["mailbox"] as const,
};

export const templateKeys = {
  all: ["incident-templates"] as const,
};

export const reportKeys = {
  all: ["reports"] as const,
  availability: (query: string) => [...reportKeys.all, "availability", query] as const,
  schedule: () => [...reportKeys.all, "schedule"] as const,
};

export const workspaceKeys = {
  all: ["workspace"] as const,
};

export const sessionKeys = {
  all: ["session"] as const,
};
