import { uuidv7 } from "uuidv7";
import { schema, type Executor } from "@/db/client";
import type { AuditActor } from "@/lib/contract/actor";

/** What a change was made to: its kind, its id and a name to show once it is gone. */
export type AuditTarget = { type: string; id: string | null; name: string | null };

export type FieldChange = { from: unknown; to: unknown };
export type Changes = Record<string, FieldChange>;

/** How a secret value appears in `changes`: that it changed shows; the value never does. */
export const REDACTED = "********";

/** Fields whose values are never written to the log, whatever resource they belong to. */
const SECRET_FIELDS = new Set([
  "secret",
  "secrets",
  "password",
  "token",
  "secretHash",
  "tokenHash",
  "previousSecret",
]);

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function shown(value: unknown, secret: boolean): unknown {
  if (value === undefined || value === null) return null;
  if (secret) return REDACTED;
  return value instanceof Date ? value.toISOString() : value;
}

/**
 * The fields that differ between two versions of a resource, before → after (a missing version
 * or field counts as null); `fields` limits the comparison. Secrets (the usual names, and the
 * resource's own `secrets`, such as a webhook's URL) show as changed, redacted. Undefined when
 * nothing differs.
 */
export function changesBetween(
  before: object | null,
  after: object | null,
  options: { fields?: readonly string[]; secrets?: readonly string[] } = {},
): Changes | undefined {
  const old = (before ?? {}) as Record<string, unknown>;
  const now = (after ?? {}) as Record<string, unknown>;
  const names = options.fields ?? [...new Set([...Object.keys(old), ...Object.keys(now)])];
  const changes: Changes = {};
  for (const field of names) {
    if (field === "id" || field === "createdAt" || field === "updatedAt") continue;
    const from = old[field];
    const to = now[field];
    if (same(from, to)) continue;
    const secret = SECRET_FIELDS.has(field) || Boolean(options.secrets?.includes(field));
    changes[field] = { from: shown(from, secret), to: shown(to, secret) };
  }
  return Object.keys(changes).length ? changes : undefined;
}

/** Who made a change and where: the request's actor, or a monitor or the scheduler. */
export type ChangeSource = { workspaceId: string; by: AuditActor };

/**
 * Writes one audit entry in the caller's transaction: it commits with the change it records or
 * not at all. `action` is `<resource>.<verb>`.
 */
export async function recordAudit(
  tx: Executor,
  source: ChangeSource,
  action: string,
  target: AuditTarget,
  changes?: Changes,
): Promise<void> {
  await tx.insert(schema.auditEntry).values({
    id: uuidv7(),
    workspaceId: source.workspaceId,
    at: new Date(),
    actorType: source.by.type,
    actorId: source.by.id,
    actorName: source.by.name,
    action,
    targetType: target.type,
    targetId: target.id,
    targetName: target.name,
    changes: changes ?? null,
  });
}
