import type { AuditEntry } from "../api-types";

type Target = AuditEntry["target"];

export const ACTOR_TYPE_LABEL: Record<AuditEntry["actor"]["type"], string> = {
  user: "Member",
  token: "API token",
  monitor: "Monitor",
  system: "Scheduler",
};

export const ACTOR_TYPES = Object.keys(ACTOR_TYPE_LABEL) as AuditEntry["actor"]["type"][];

/**
 * What a change can be made to, and the dashboard page that shows it: its own page where there is
 * one, else the page that lists it.
 */
const TARGET_TYPES = new Map<string, { label: string; href: (id: string) => string }>([
  ["incident", { label: "Incident", href: (id) => `/dashboard/incidents/${id}` }],
  ["maintenance", { label: "Maintenance", href: () => "/dashboard/maintenance" }],
  ["component", { label: "Component", href: () => "/dashboard/components" }],
  ["component_group", { label: "Component group", href: () => "/dashboard/components" }],
  ["monitor", { label: "Monitor", href: (id) => `/dashboard/monitors/${id}` }],
  ["webhook_endpoint", { label: "Webhook endpoint", href: () => "/dashboard/notifications" }],
  ["subscriber", { label: "Subscriber", href: () => "/dashboard/notifications" }],
  ["member", { label: "Member", href: () => "/dashboard/members" }],
  ["invitation", { label: "Invitation", href: () => "/dashboard/members" }],
  ["api_token", { label: "API token", href: () => "/dashboard/api-tokens" }],
  ["workspace", { label: "Status page", href: () => "/dashboard/settings" }],
]);

export const TARGET_TYPE_OPTIONS = [...TARGET_TYPES].map(([value, { label }]) => ({
  value,
  label,
}));

export const targetTypeLabel = (type: string) => TARGET_TYPES.get(type)?.label ?? type;

/** Verbs after which the target is no more. */
const GONE_VERBS = new Set(["delete", "remove", "revoke"]);

const targetKey = (target: Target) => `${target.type}:${target.id}`;

/** The targets that the entries at hand show as deleted, removed or revoked. */
export function goneTargets(entries: readonly AuditEntry[]): Set<string> {
  return new Set(
    entries
      .filter((entry) => entry.target.id && GONE_VERBS.has(entry.action.split(".").at(-1) ?? ""))
      .map((entry) => targetKey(entry.target)),
  );
}

/** Where the target is shown, unless it is known to be gone or the dashboard has no page for it. */
export function targetHref(target: Target, gone: Set<string>): string | null {
  const type = TARGET_TYPES.get(target.type);
  if (!type || !target.id || gone.has(targetKey(target))) return null;
  return type.href(target.id);
}

const LONGEST_VALUE = 60;

/** A changed field's value, as JSON, cut short on one line; null (absent) as a dash. */
export function shownValue(value: unknown): { text: string; whole?: string } {
  if (value === null || value === undefined) return { text: "—" };
  const whole = JSON.stringify(value);
  return whole.length > LONGEST_VALUE
    ? { text: `${whole.slice(0, LONGEST_VALUE - 1)}…`, whole }
    : { text: whole };
}
