import { and, asc, count, eq, gt, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import { insertComponent } from "@/lib/components/components";
import { assertComponentsExist } from "@/lib/components/exist";
import { assertTemplateExists } from "@/lib/incidents/templates";
import { config } from "@/lib/config";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { roleAtLeast, type Role } from "@/lib/contract/roles";
import { SecretUnreadableError } from "@/lib/crypto/secrets";
import { resolveAllowed, TargetRefused } from "@/lib/net/targets";
import { assertValidAssertions } from "./assertions";
import { uncheckableBecause, type CheckOutcome } from "./check";
import { checkOnce, type CheckSpec } from "./probes";
import type { CheckResult, CheckTest, MonitorInput } from "./schemas";
import {
  auditedSettingsOf,
  checkSpecOf,
  columnsOf,
  encryptSecrets,
  expiryWarningDaysOf,
  HEARTBEAT_LANE,
  heartbeatSecretHash,
  intervalMsOf,
  newHeartbeatSecret,
  present,
  readSecrets,
  readSecretsIfReadable,
  settingsOf,
  targetOf,
} from "./settings";
import { wakeChecker } from "@/lib/jobs/wake";
import { STALLED_AFTER_INTERVALS } from "./watch";

const { checkerRegion, monitor, monitorOutage, monitorRegion } = schema;

const STATUS_OF: Record<string, "up" | "degraded" | "down"> = { u: "up", g: "degraded", d: "down" };

type MonitorRow = typeof monitor.$inferSelect;

/**
 * The URL must be http(s) without credentials, and a host name must not resolve to an address
 * the SSRF rules refuse. A name that does not resolve now is accepted: the checks report it
 * (`dns_failure`), and every connection is checked again when it is made.
 */
async function assertAllowedHost(host: string, field: string): Promise<void> {
  try {
    await resolveAllowed(host.replace(/^\[|\]$/g, ""));
  } catch (error) {
    if (error instanceof TargetRefused && !/does not resolve/.test(error.message)) {
      throw ValidationError.field(field, error.message);
    }
  }
}

/**
 * Refuses what no check could run: an http(s) URL with credentials or another scheme, an
 * address the SSRF rules refuse (http and tcp alike), an assertion that could never be judged.
 */
async function assertCheckable(input: MonitorInput): Promise<void> {
  if (input.http) {
    const url = new URL(input.http.url);
    const problem = uncheckableBecause(url);
    if (problem) throw ValidationError.field("http.url", problem);
    assertValidAssertions(input.http.assertions);
    await assertAllowedHost(url.hostname, "http.url");
  }
  if (input.tcp) await assertAllowedHost(input.tcp.host, "tcp.host");
}

/**
 * Gives the monitor a schedule row in every region whose checkers reported within
 * REGION_ACTIVE_WITHIN, and in this process's own when it checks too, each due now: a new,
 * edited or resumed monitor is checked at once. A checker that starts later gives it a slot
 * itself (ensureRegionSlots).
 */
async function scheduleNow(
  tx: Executor,
  row: MonitorRow,
  { reset, heartbeatSecret }: { reset: boolean; heartbeatSecret?: string },
) {
  const now = new Date();
  const fresh = { state: "pending" as const, since: now, streak: 0, streakSince: null };
  if (row.type === "heartbeat") {
    // One slot, in its own lane: pings decide, wherever checkers run.
    await tx
      .delete(monitorRegion)
      .where(and(eq(monitorRegion.monitorId, row.id), ne(monitorRegion.region, HEARTBEAT_LANE)));
    const pingSecretHash = heartbeatSecretHash(heartbeatSecret!);
    await tx
      .insert(monitorRegion)
      .values({
        monitorId: row.id,
        region: HEARTBEAT_LANE,
        workspaceId: row.workspaceId,
        nextDueAt: now,
        pingSecretHash,
      })
      .onConflictDoUpdate({
        target: [monitorRegion.monitorId, monitorRegion.region],
        set: { nextDueAt: now, pingSecretHash, ...(reset ? fresh : {}) },
      });
    return;
  }
  // A monitor that stops being a heartbeat leaves its lane.
  await tx
    .delete(monitorRegion)
    .where(and(eq(monitorRegion.monitorId, row.id), eq(monitorRegion.region, HEARTBEAT_LANE)));
  const active = await tx
    .select({ region: checkerRegion.region })
    .from(checkerRegion)
    .where(
      gt(
        checkerRegion.lastSeenAt,
        sql`now() - ${`${config().regionActiveWithinMs} milliseconds`}::interval`,
      ),
    );
  const regions = new Set(active.map((r) => r.region));
  if (config().monitorChecker) regions.add(config().region);
  if (!regions.size) return;
  await tx
    .insert(monitorRegion)
    .values(
      [...regions].map((region) => ({
        monitorId: row.id,
        region,
        workspaceId: row.workspaceId,
        nextDueAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [monitorRegion.monitorId, monitorRegion.region],
      set: { nextDueAt: now, ...(reset ? fresh : {}) },
    });
}

/** A paused monitor's outage ends with the pause: paused time is nobody's downtime. */
async function closeOutage(tx: Executor, row: MonitorRow, at: Date) {
  await tx
    .update(monitorOutage)
    .set({ endedAt: at })
    .where(
      and(
        eq(monitorOutage.workspaceId, row.workspaceId),
        eq(monitorOutage.monitorId, row.id),
        isNull(monitorOutage.endedAt),
      ),
    );
}

async function lockMonitor(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(monitor)
    .where(and(eq(monitor.workspaceId, workspaceId), eq(monitor.id, id)))
    .for("update");
  if (!row) throw new NotFoundError("monitor");
  return row;
}

/**
 * The heartbeat secret (for editors and above: the ping URL is a credential) and last ping of
 * each heartbeat monitor among `rows`.
 */
async function heartbeatsOf(rows: MonitorRow[], role: Role) {
  const heartbeats = rows.filter((row) => row.type === "heartbeat");
  const found = new Map<string, { secret?: string; lastPingAt: Date | null }>();
  if (!heartbeats.length) return found;
  const db = await getDb();
  const lanes = await db
    .select({ monitorId: monitorRegion.monitorId, lastPingAt: monitorRegion.lastPingAt })
    .from(monitorRegion)
    .where(
      and(
        eq(monitorRegion.workspaceId, heartbeats[0]!.workspaceId),
        inArray(
          monitorRegion.monitorId,
          heartbeats.map((row) => row.id),
        ),
        eq(monitorRegion.region, HEARTBEAT_LANE),
      ),
    );
  const lastPing = new Map(lanes.map((lane) => [lane.monitorId, lane.lastPingAt]));
  for (const row of heartbeats) {
    let secret: string | undefined;
    try {
      if (roleAtLeast(role, "editor")) secret = (await readSecrets(row)).heartbeat;
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
    }
    found.set(row.id, { secret, lastPingAt: lastPing.get(row.id) ?? null });
  }
  return found;
}

async function presentAll(rows: MonitorRow[], role: Role) {
  const heartbeats = await heartbeatsOf(rows, role);
  return rows.map((row) => present(row, heartbeats.get(row.id)));
}

type Reader = Pick<Actor, "workspaceId" | "role">;

export async function listMonitors({ ctx }: { ctx: Reader }) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(monitor)
    .where(eq(monitor.workspaceId, ctx.workspaceId))
    .orderBy(asc(monitor.createdAt), asc(monitor.id));
  return { monitors: await presentAll(rows, ctx.role) };
}

async function readMonitor(workspaceId: string, id: string): Promise<MonitorRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(monitor)
    .where(and(eq(monitor.workspaceId, workspaceId), eq(monitor.id, id)));
  if (!row) throw new NotFoundError("monitor");
  return row;
}

export async function getMonitor({ ctx, id }: { ctx: Reader; id: string }) {
  const [presented] = await presentAll([await readMonitor(ctx.workspaceId, id)], ctx.role);
  return presented!;
}

/**
 * Refuses a monitor past MONITORS_PER_WORKSPACE. The workspace row is locked first, so two
 * creations at once cannot both take the last place.
 */
async function assertRoomForMonitor(tx: Executor, workspaceId: string) {
  await tx
    .select({ id: schema.workspace.id })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, workspaceId))
    .for("update");
  const [{ monitors }] = (await tx
    .select({ monitors: count() })
    .from(monitor)
    .where(eq(monitor.workspaceId, workspaceId))) as [{ monitors: number }];
  const limit = config().monitorsPerWorkspace;
  if (monitors >= limit) {
    throw new ConflictError(
      "monitor_limit_reached",
      `This workspace has ${limit.toLocaleString("en")} monitors, the most it may have (MONITORS_PER_WORKSPACE); delete one before adding another.`,
    );
  }
}

/** Creates a monitor (and, without `componentId`, a component named after it); checks at once. */
export async function createMonitor({ ctx, input }: { ctx: Actor; input: MonitorInput }) {
  const prepared = await prepareMonitor(input);
  const created = await transactionChangingData(ctx.workspaceId, (tx) =>
    insertMonitor(tx, ctx, input, prepared),
  );
  wakeChecker();
  return present(created, { secret: prepared.secrets.heartbeat, lastPingAt: null });
}

/** What a new monitor needs before its transaction: its target allowed, its secrets sealed. */
export async function prepareMonitor(input: MonitorInput) {
  await assertCheckable(input);
  const id = uuidv7();
  const { columns, secrets } = columnsOf(input, null);
  const secretsEncrypted = await encryptSecrets(id, secrets);
  return { id, columns, secrets, secretsEncrypted };
}

/**
 * createMonitor in the caller's transaction, with what prepareMonitor made; the checker is
 * woken once it commits (wakeChecker).
 */
export async function insertMonitor(
  tx: Executor,
  ctx: Actor,
  input: MonitorInput,
  { id, columns, secrets, secretsEncrypted }: Awaited<ReturnType<typeof prepareMonitor>>,
) {
  await assertRoomForMonitor(tx, ctx.workspaceId);
  await assertTemplateExists(tx, ctx.workspaceId, input.incidentTemplateId);
  let componentId = input.componentId;
  if (componentId) {
    await assertComponentsExist(tx, ctx.workspaceId, [componentId], () => "componentId");
  } else {
    componentId = (await insertComponent(tx, ctx, { name: input.name })).id;
  }
  const [row] = await tx
    .insert(monitor)
    .values({
      ...(columns as typeof monitor.$inferInsert),
      id,
      workspaceId: ctx.workspaceId,
      componentId,
      secretsEncrypted,
      state: input.enabled ? "pending" : "paused",
    })
    .returning();
  await scheduleNow(tx, row!, { reset: true, heartbeatSecret: secrets.heartbeat });
  await recordAudit(
    tx,
    ctx,
    "monitor.create",
    { type: "monitor", id: row!.id, name: row!.name },
    changesBetween(null, auditedSettingsOf(row!)),
  );
  return row!;
}

/**
 * Replaces every field (left-out optional fields take their defaults; a left-out `componentId`
 * keeps the component; a masked secret keeps the stored value). Pausing stops the checks;
 * resuming starts over from `pending` and checks at once, as does any edit of an enabled
 * monitor. A heartbeat keeps its secret.
 */
export async function replaceMonitor({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: MonitorInput;
}) {
  await assertCheckable(input);
  const stored = await readMonitor(ctx.workspaceId, id);
  const { columns, secrets } = columnsOf(input, {
    settings: settingsOf(stored),
    secrets: await readSecretsIfReadable(stored),
    url: stored.url,
  });
  const secretsEncrypted = await encryptSecrets(id, secrets);
  const replaced = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockMonitor(tx, ctx.workspaceId, id);
    if (current.secretsEncrypted !== stored.secretsEncrypted) {
      throw new ConflictError(
        "edit_conflict",
        "The monitor's secrets changed while this edit was made; send it again.",
      );
    }
    if (input.componentId) {
      await assertComponentsExist(tx, ctx.workspaceId, [input.componentId], () => "componentId");
    }
    await assertTemplateExists(tx, ctx.workspaceId, input.incidentTemplateId);
    const resumed = input.enabled && !current.enabled;
    const now = new Date();
    const [row] = await tx
      .update(monitor)
      .set({
        ...(columns as Partial<MonitorRow>),
        secretsEncrypted,
        componentId: input.componentId ?? current.componentId,
        updatedAt: now,
        ...(!input.enabled
          ? { state: "paused" as const, since: current.enabled ? now : current.since }
          : {}),
        ...(input.enabled && (resumed || current.type !== input.type)
          ? { state: "pending" as const, since: now }
          : {}),
      })
      .where(and(eq(monitor.workspaceId, ctx.workspaceId), eq(monitor.id, id)))
      .returning();
    if (!input.enabled) await closeOutage(tx, row!, now);
    if (input.enabled || row!.type === "heartbeat" || current.type === "heartbeat") {
      await scheduleNow(tx, row!, {
        reset: resumed || current.type !== row!.type,
        heartbeatSecret: secrets.heartbeat,
      });
    }
    await recordAudit(
      tx,
      ctx,
      "monitor.update",
      { type: "monitor", id, name: row!.name },
      changesBetween(auditedSettingsOf(current), auditedSettingsOf(row!)),
    );
    return row!;
  });
  wakeChecker();
  const [presented] = await presentAll([replaced], ctx.role);
  return presented!;
}

/** A heartbeat monitor's new secret: the old URL stops working at once. */
export async function rotateHeartbeat({ ctx, id }: { ctx: Actor; id: string }) {
  const secret = newHeartbeatSecret();
  const stored = await readMonitor(ctx.workspaceId, id);
  if (stored.type !== "heartbeat") {
    throw new ConflictError("not_a_heartbeat", "Only a heartbeat monitor has a ping URL.");
  }
  const secretsEncrypted = await encryptSecrets(id, {
    ...(await readSecretsIfReadable(stored)),
    heartbeat: secret,
  });
  const rotated = await transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockMonitor(tx, ctx.workspaceId, id);
    if (current.type !== "heartbeat") {
      throw new ConflictError("not_a_heartbeat", "Only a heartbeat monitor has a ping URL.");
    }
    const [row] = await tx
      .update(monitor)
      .set({ secretsEncrypted, updatedAt: current.updatedAt })
      .where(eq(monitor.id, id))
      .returning();
    await tx
      .update(monitorRegion)
      .set({ pingSecretHash: heartbeatSecretHash(secret) })
      .where(and(eq(monitorRegion.monitorId, id), eq(monitorRegion.region, HEARTBEAT_LANE)));
    await recordAudit(tx, ctx, "monitor.heartbeat_rotate", {
      type: "monitor",
      id,
      name: row!.name,
    });
    return row!;
  });
  const [presented] = await presentAll([rotated], ctx.role);
  return presented!;
}

/** Deletes a monitor with its results; its component and any incident it opened stay. */
export async function deleteMonitor({ ctx, id }: { ctx: Actor; id: string }) {
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    const [deleted] = await tx
      .delete(monitor)
      .where(and(eq(monitor.workspaceId, ctx.workspaceId), eq(monitor.id, id)))
      .returning({ id: monitor.id, name: monitor.name });
    if (!deleted) throw new NotFoundError("monitor");
    await recordAudit(tx, ctx, "monitor.delete", { type: "monitor", id, name: deleted.name });
  });
}

/**
 * Regions that reported in the last 10 minutes, and each monitor's verdict and latest result per
 * region, newest first. Two flat indexed reads, joined here: it is polled, at any size.
 */
export async function monitorTelemetry({ ctx }: { ctx: Pick<Actor, "workspaceId"> }) {
  const db = await getDb();
  const [monitors, slots] = await Promise.all([
    db
      .select({
        id: monitor.id,
        state: monitor.state,
        since: monitor.since,
        downStatus: monitor.downStatus,
        enabled: monitor.enabled,
        intervalSeconds: monitor.intervalSeconds,
        timeoutMs: monitor.timeoutMs,
        updatedAt: monitor.updatedAt,
        type: monitor.type,
        url: monitor.url,
        settings: monitor.settings,
      })
      .from(monitor)
      .where(eq(monitor.workspaceId, ctx.workspaceId))
      .orderBy(asc(monitor.createdAt), asc(monitor.id)),
    db
      .select({
        monitorId: monitorRegion.monitorId,
        region: monitorRegion.region,
        lastReportedAt: monitorRegion.lastReportedAt,
        lastResult: monitorRegion.lastResult,
        recent: monitorRegion.recent,
        lastPingAt: monitorRegion.lastPingAt,
      })
      .from(monitorRegion)
      .where(
        and(
          eq(monitorRegion.workspaceId, ctx.workspaceId),
          or(isNotNull(monitorRegion.lastReportedAt), isNotNull(monitorRegion.lastPingAt)),
        ),
      ),
  ]);
  const now = Date.now();
  const recent = now - 10 * 60_000;
  const regions = new Set<string>();
  const results = new Map<string, { at: number; result: CheckResult }[]>();
  const lastReported = new Map<string, number>();
  const recentChecks = new Map<
    string,
    { region: string; statuses: ("up" | "degraded" | "down")[] }[]
  >();
  const lastPing = new Map<string, Date | null>();
  for (const slot of slots) {
    if (slot.region === HEARTBEAT_LANE) lastPing.set(slot.monitorId, slot.lastPingAt);
    if (!slot.lastReportedAt) continue;
    const at = slot.lastReportedAt.getTime();
    if (at >= recent && slot.region !== HEARTBEAT_LANE) regions.add(slot.region);
    const strip = recentChecks.get(slot.monitorId) ?? [];
    strip.push({
      region: slot.region,
      statuses: [...slot.recent].map((letter) => STATUS_OF[letter]!),
    });
    recentChecks.set(slot.monitorId, strip);
    lastReported.set(slot.monitorId, Math.max(lastReported.get(slot.monitorId) ?? 0, at));
    if (!slot.lastResult) continue;
    const list = results.get(slot.monitorId) ?? [];
    list.push({ at, result: slot.lastResult as CheckResult });
    results.set(slot.monitorId, list);
  }
  return {
    regions: [...regions].sort(),
    monitors: monitors.map((m) => {
      const latest = (results.get(m.id) ?? []).sort((a, b) => b.at - a.at).map((r) => r.result);
      const certificateExpiresAt =
        latest.find((r) => r.certificateExpiresAt)?.certificateExpiresAt ?? null;
      const warningDays = expiryWarningDaysOf(m as MonitorRow);
      const expiresSoon =
        certificateExpiresAt !== null &&
        warningDays !== null &&
        Date.parse(certificateExpiresAt) - now <= warningDays * 86_400_000;
      return {
        id: m.id,
        state: m.state,
        status:
          m.state === "down"
            ? (m.downStatus as "degraded_performance" | "partial_outage" | "major_outage")
            : m.state === "degraded"
              ? ("degraded_performance" as const)
              : ("operational" as const),
        since: m.since,
        results: latest,
        recent: (recentChecks.get(m.id) ?? []).sort((a, b) => a.region.localeCompare(b.region)),
        certificateExpiresAt,
        warnings: expiresSoon ? ["certificate_expires_soon" as const] : [],
        lastPingAt: lastPing.get(m.id) ?? null,
        checksDelayed:
          m.enabled &&
          now - Math.max(lastReported.get(m.id) ?? 0, m.updatedAt.getTime()) >
            STALLED_AFTER_INTERVALS * intervalMsOf(m as MonitorRow) + m.timeoutMs,
      };
    }),
  };
}

function testAnswer(outcome: CheckOutcome): CheckTest {
  return {
    status: outcome.status,
    latencyMs: outcome.timings.totalMs,
    statusCode: outcome.statusCode,
    error: outcome.error,
    timings: outcome.timings,
    certificateExpiresAt: outcome.certificateExpiresAt ?? null,
    assertions: outcome.assertions ?? [],
  };
}

const notCheckable = () =>
  new ConflictError("not_checkable", "A heartbeat is not checked: its job pings it.");

/** A test makes the server send a request: who asked it to, and of what, is in the audit log. */
async function auditTest(ctx: Actor, id: string | null, name: string, target: string) {
  const db = await getDb();
  await db.transaction((tx) =>
    recordAudit(
      tx,
      ctx,
      "monitor.test",
      { type: "monitor", id, name },
      {
        target: { from: null, to: target },
      },
    ),
  );
}

/**
 * One check of a stored monitor, now: what it sees and each assertion's value. It changes no
 * state and records no result.
 */
export async function testMonitor({ ctx, id }: { ctx: Actor; id: string }) {
  const row = await readMonitor(ctx.workspaceId, id);
  if (row.type === "heartbeat") throw notCheckable();
  await auditTest(ctx, id, row.name, targetOf(row));
  let spec: CheckSpec;
  try {
    spec = await checkSpecOf(row);
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new ConflictError(
      "secrets_unreadable",
      "The monitor's stored secrets cannot be read (BETTER_AUTH_SECRET changed): enter them again.",
    );
  }
  return testAnswer((await checkOnce(spec))!);
}

/**
 * One check of settings not saved yet (the form's), recorded nowhere. With `monitorId`, a
 * masked secret stands for that monitor's stored value, as on replace.
 */
export async function testMonitorInput({
  ctx,
  input,
  monitorId,
}: {
  ctx: Actor;
  input: MonitorInput;
  monitorId?: string;
}) {
  if (input.type === "heartbeat") {
    throw ValidationError.field("type", "A heartbeat is not checked: its job pings it.");
  }
  await assertCheckable(input);
  const stored = monitorId ? await readMonitor(ctx.workspaceId, monitorId) : null;
  const { columns, secrets } = columnsOf(
    input,
    stored
      ? {
          settings: settingsOf(stored),
          secrets: await readSecretsIfReadable(stored),
          url: stored.url,
        }
      : null,
  );
  const row = { ...columns, id: monitorId ?? uuidv7(), updatedAt: new Date() } as MonitorRow;
  await auditTest(ctx, monitorId ?? null, input.name, targetOf(row));
  return testAnswer((await checkOnce(await checkSpecOf(row, undefined, secrets)))!);
}
