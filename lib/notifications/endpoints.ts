import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, like, or, sql } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { groupBy } from "@/lib/group-by";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { assertComponentsExist } from "@/lib/components/exist";
import { config } from "@/lib/config";
import { decryptSecret, encryptSecret, isLegacySecret } from "@/lib/crypto/secrets";
import { ConflictError, NotFoundError, ValidationError } from "@/lib/errors";
import { announceDelivery } from "@/lib/jobs/engine";
import { assertAllowedTarget, TargetRefused } from "@/lib/net/targets";
import { endpointSecretBinding, sendToEndpoint } from "./deliveries";
import type { Credentials } from "./providers";
import { ORDERED_KINDS } from "@/lib/outbox/fan-out";
import type { EventData } from "@/lib/outbox/outbox";
import type { CreateEndpointInput, EndpointSettings, PatchEndpointInput } from "./schemas";
import { logError } from "@/lib/log";

const {
  webhookEndpoint,
  webhookEndpointComponent,
  delivery,
  deliveryAttempt,
  outboxEvent,
  workspace,
} = schema;

type EndpointRow = typeof webhookEndpoint.$inferSelect;

/** The team's endpoints: a visitor's chat or webhook subscription is theirs, not the team's. */
const teamEndpoints = (workspaceId: string) =>
  and(eq(webhookEndpoint.workspaceId, workspaceId), isNull(webhookEndpoint.subscriberId));

type LastAttempt = {
  attemptedAt: Date;
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: Date | null;
};
type Activity = { lastAttempt: LastAttempt | null; retrying: number };

function present(row: EndpointRow, componentIds: string[], activity?: Activity) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    state: row.state,
    componentIds,
    settings: row.settings as EndpointSettings,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
    lastAttempt: activity?.lastAttempt ?? null,
    retrying: activity?.retrying ?? 0,
  };
}

/**
 * What the endpoints' deliveries are doing: each one's latest attempt (test sends aside) and how
 * many of its deliveries wait for a retry, so a receiver answering 500 shows long before the
 * retries run out and the endpoint turns `failing`.
 */
async function activityOf(
  tx: Executor,
  workspaceId: string,
  endpointIds: string[],
): Promise<Map<string, Activity>> {
  if (!endpointIds.length) return new Map();
  const [latest, retrying] = await Promise.all([
    tx
      .selectDistinctOn([delivery.endpointId], {
        endpointId: delivery.endpointId,
        attemptedAt: deliveryAttempt.attemptedAt,
        statusCode: deliveryAttempt.statusCode,
        error: deliveryAttempt.error,
        nextAttemptAt: deliveryAttempt.nextAttemptAt,
      })
      .from(deliveryAttempt)
      .innerJoin(delivery, eq(delivery.id, deliveryAttempt.deliveryId))
      .where(
        and(
          eq(delivery.workspaceId, workspaceId),
          inArray(delivery.endpointId, endpointIds),
          eq(delivery.test, false),
          isNotNull(deliveryAttempt.completedAt),
        ),
      )
      .orderBy(delivery.endpointId, desc(deliveryAttempt.attemptedAt)),
    tx
      .select({ endpointId: delivery.endpointId, count: sql<number>`count(*)::int` })
      .from(delivery)
      .where(
        and(
          eq(delivery.workspaceId, workspaceId),
          inArray(delivery.endpointId, endpointIds),
          eq(delivery.state, "pending"),
          gt(delivery.attempts, 0),
        ),
      )
      .groupBy(delivery.endpointId),
  ]);
  const counts = new Map(retrying.map((row) => [row.endpointId, Number(row.count)]));
  const last = new Map(latest.map(({ endpointId, ...attempt }) => [endpointId, attempt]));
  return new Map(
    endpointIds.map((id) => [
      id,
      { lastAttempt: last.get(id) ?? null, retrying: counts.get(id) ?? 0 },
    ]),
  );
}

async function followedBy(tx: Executor, workspaceId: string, endpointIds: string[]) {
  const rows = endpointIds.length
    ? await tx
        .select({
          endpointId: webhookEndpointComponent.endpointId,
          componentId: webhookEndpointComponent.componentId,
        })
        .from(webhookEndpointComponent)
        .where(
          and(
            eq(webhookEndpointComponent.workspaceId, workspaceId),
            inArray(webhookEndpointComponent.endpointId, endpointIds),
          ),
        )
    : [];
  return groupBy(
    rows,
    (row) => row.endpointId,
    (row) => row.componentId,
  );
}

async function findEndpoint(tx: Executor, workspaceId: string, id: string) {
  const [row] = await tx
    .select()
    .from(webhookEndpoint)
    .where(and(teamEndpoints(workspaceId), eq(webhookEndpoint.id, id)));
  if (!row) throw new NotFoundError("webhook endpoint");
  return row;
}

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/** What a new endpoint stores: its URL, its credentials (both encrypted) and its settings. */
function targetOf(input: CreateEndpointInput): {
  url: string | null;
  credentials: Credentials | null;
  settings: EndpointSettings;
} {
  switch (input.kind) {
    case "telegram":
      return {
        url: null,
        credentials: { botToken: input.botToken },
        settings: { chatId: input.chatId },
      };
    case "ntfy":
      return {
        url: input.url,
        credentials: {
          topic: input.topic,
          ...(input.accessToken ? { accessToken: input.accessToken } : {}),
        },
        settings: {},
      };
    case "pagerduty":
      return {
        url: null,
        credentials: { routingKey: input.routingKey },
        settings: { includeMaintenance: input.includeMaintenance },
      };
    case "opsgenie":
      return {
        url: null,
        credentials: { apiKey: input.apiKey },
        settings: { region: input.region, includeMaintenance: input.includeMaintenance },
      };
    default:
      return { url: input.url, credentials: null, settings: {} };
  }
}

/**
 * Adds an endpoint. A URL must be a public https address (checked here and again at every
 * send); it, the provider credentials and the signing secret are stored encrypted, and the
 * secret is answered only now.
 */
export async function createEndpoint({ ctx, input }: { ctx: Actor; input: CreateEndpointInput }) {
  const target = targetOf(input);
  if (target.url) {
    try {
      await assertAllowedTarget(target.url);
    } catch (error) {
      if (error instanceof TargetRefused) throw ValidationError.field("url", error.message);
      throw error;
    }
  }
  const componentIds = [...new Set(input.componentIds ?? [])];
  const secret = input.kind === "webhook" ? newSigningSecret() : null;
  const id = uuidv7();
  const encrypt = (value: string | null, part: Parameters<typeof endpointSecretBinding>[1]) =>
    value ? encryptSecret(value, endpointSecretBinding(id, part)) : Promise.resolve(null);
  const [urlEncrypted, credentialsEncrypted, secretEncrypted] = await Promise.all([
    encrypt(target.url, "url"),
    encrypt(target.credentials && JSON.stringify(target.credentials), "credentials"),
    encrypt(secret, "secret"),
  ]);
  const db = await getDb();
  const endpoint = await db.transaction(async (tx) => {
    await assertComponentsExist(
      tx,
      ctx.workspaceId,
      input.componentIds ?? [],
      (index) => `componentIds.${index}`,
    );
    const [row] = await tx
      .insert(webhookEndpoint)
      .values({
        id,
        workspaceId: ctx.workspaceId,
        kind: input.kind,
        name: input.name,
        urlEncrypted,
        credentialsEncrypted,
        settings: target.settings,
        secretEncrypted,
      })
      .returning();
    if (componentIds.length) {
      await tx.insert(webhookEndpointComponent).values(
        componentIds.map((componentId) => ({
          workspaceId: ctx.workspaceId,
          endpointId: row!.id,
          componentId,
        })),
      );
    }
    await recordAudit(
      tx,
      ctx,
      "webhook_endpoint.create",
      { type: "webhook_endpoint", id, name: input.name },
      changesBetween(
        null,
        {
          kind: input.kind,
          name: input.name,
          ...(target.url ? { url: target.url } : {}),
          ...(target.credentials ? { credentials: JSON.stringify(target.credentials) } : {}),
          ...target.settings,
          componentIds,
        },
        { secrets: ["url", "credentials"] },
      ),
    );
    return present(row!, componentIds);
  });
  return { endpoint, secret };
}

/** Every endpoint, oldest first; URLs and secrets are never answered. */
export async function listEndpoints({ ctx }: { ctx: Actor }) {
  const db = await getDb();
  const rows = await db
    .select()
    .from(webhookEndpoint)
    .where(teamEndpoints(ctx.workspaceId))
    .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id));
  const ids = rows.map((row) => row.id);
  const [follows, activity] = await Promise.all([
    followedBy(db, ctx.workspaceId, ids),
    activityOf(db, ctx.workspaceId, ids),
  ]);
  return rows.map((row) => present(row, follows.get(row.id) ?? [], activity.get(row.id)));
}

/** Renames an endpoint or replaces the components it follows (empty = every component). */
export async function patchEndpoint({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: PatchEndpointInput;
}) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await findEndpoint(tx, ctx.workspaceId, id);
    const before = await followedBy(tx, ctx.workspaceId, [id]);
    const [row] = input.name
      ? await tx
          .update(webhookEndpoint)
          .set({ name: input.name })
          .where(eq(webhookEndpoint.id, id))
          .returning()
      : [current];
    if (input.componentIds) {
      await assertComponentsExist(
        tx,
        ctx.workspaceId,
        input.componentIds,
        (index) => `componentIds.${index}`,
      );
      await tx.delete(webhookEndpointComponent).where(eq(webhookEndpointComponent.endpointId, id));
      const componentIds = [...new Set(input.componentIds)];
      if (componentIds.length) {
        await tx.insert(webhookEndpointComponent).values(
          componentIds.map((componentId) => ({
            workspaceId: ctx.workspaceId,
            endpointId: id,
            componentId,
          })),
        );
      }
    }
    const [follows, activity] = await Promise.all([
      followedBy(tx, ctx.workspaceId, [id]),
      activityOf(tx, ctx.workspaceId, [id]),
    ]);
    await recordAudit(
      tx,
      ctx,
      "webhook_endpoint.update",
      { type: "webhook_endpoint", id, name: row!.name },
      changesBetween(
        { name: current.name, componentIds: before.get(id) ?? [] },
        { name: row!.name, componentIds: follows.get(id) ?? [] },
      ),
    );
    return present(row!, follows.get(id) ?? [], activity.get(id));
  });
}

/** How long a rotated-out secret keeps signing beside the new one. */
export const PREVIOUS_SECRET_LIFETIME_MS = 24 * 60 * 60_000;

/**
 * A new signing secret, answered once. The old one keeps signing beside it for 24 hours (each
 * request then carries both signatures), so the receiver can switch without missing anything.
 */
export async function rotateSecret({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  const secret = newSigningSecret();
  const previousSecretExpiresAt = new Date(Date.now() + PREVIOUS_SECRET_LIFETIME_MS);
  // Encrypted before the transaction: the key may need a read of its own (PGlite has one
  // connection); once it is known, the old secret is read and kept under the row's lock, so two
  // rotations at once keep the first one's secret as the second one's previous.
  const secretEncrypted = await encryptSecret(secret, endpointSecretBinding(id, "secret"));
  await db.transaction(async (tx) => {
    const [endpoint] = await tx
      .select({ secretEncrypted: webhookEndpoint.secretEncrypted, name: webhookEndpoint.name })
      .from(webhookEndpoint)
      .where(and(teamEndpoints(ctx.workspaceId), eq(webhookEndpoint.id, id)))
      .for("update");
    if (!endpoint) throw new NotFoundError("webhook endpoint");
    if (!endpoint.secretEncrypted) {
      throw new ConflictError(
        "no_secret",
        "Only webhook endpoints are signed; this one has no secret to rotate.",
      );
    }
    const old = await decryptSecret(endpoint.secretEncrypted, endpointSecretBinding(id, "secret"));
    const previousSecretEncrypted = await encryptSecret(
      old,
      endpointSecretBinding(id, "previous_secret"),
    );
    await tx
      .update(webhookEndpoint)
      .set({ secretEncrypted, previousSecretEncrypted, previousSecretExpiresAt })
      .where(and(teamEndpoints(ctx.workspaceId), eq(webhookEndpoint.id, id)));
    await recordAudit(
      tx,
      ctx,
      "webhook_endpoint.rotate_secret",
      { type: "webhook_endpoint", id, name: endpoint.name },
      changesBetween({ secret: old }, { secret }),
    );
  });
  return { secret, previousSecretExpiresAt };
}

/** A failed delivery of an event, attempted again now under its own webhook-id. */
export async function retryDelivery({
  ctx,
  id,
  deliveryId,
}: {
  ctx: Actor;
  id: string;
  deliveryId: string;
}) {
  const db = await getDb();
  const endpoint = await findEndpoint(db, ctx.workspaceId, id);
  const due = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(delivery)
      .where(
        and(
          eq(delivery.workspaceId, ctx.workspaceId),
          eq(delivery.endpointId, id),
          eq(delivery.id, deliveryId),
        ),
      )
      .for("update");
    if (!row) throw new NotFoundError("delivery");
    if (row.state !== "failed" || row.test) {
      throw new ConflictError(
        "illegal_transition",
        row.test
          ? "A test send is not retried; send another test."
          : `Only a failed delivery can be tried again; this one is ${row.state}.`,
      );
    }
    const [updated] = await tx
      .update(delivery)
      .set({ state: "pending", nextAttemptAt: new Date(), completedAt: null, lease: null })
      .where(eq(delivery.id, deliveryId))
      .returning();
    await recordAudit(
      tx,
      ctx,
      "webhook_delivery.retry",
      { type: "webhook_endpoint", id, name: endpoint.name },
      changesBetween(
        { delivery: deliveryId, state: row.state },
        { delivery: deliveryId, state: "pending" },
      ),
    );
    return updated!;
  });
  announceDelivery({
    id: due.id,
    endpointId: due.endpointId,
    attempts: due.attempts,
    nextAttemptAt: due.nextAttemptAt,
  });
  const [retried] = await loadDeliveries(db, ctx.workspaceId, id, deliveryId);
  return retried!;
}

export async function deleteEndpoint({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(webhookEndpoint)
      .where(and(teamEndpoints(ctx.workspaceId), eq(webhookEndpoint.id, id)))
      .returning({ name: webhookEndpoint.name, kind: webhookEndpoint.kind });
    if (!deleted) throw new NotFoundError("webhook endpoint");
    await recordAudit(tx, ctx, "webhook_endpoint.delete", {
      type: "webhook_endpoint",
      id,
      name: deleted.name,
    });
  });
}

/**
 * Posts a sample `incident.created` titled "Test notification" once, signed like any event,
 * with a `test_` webhook-id, and answers what the receiver said. The endpoint's state is not
 * touched: a test is not a delivery.
 */
export async function testEndpoint({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  const endpoint = await findEndpoint(db, ctx.workspaceId, id);
  const [ws] = await db
    .select({ id: workspace.id, name: workspace.name })
    .from(workspace)
    .where(eq(workspace.id, ctx.workspaceId));
  const now = new Date();
  const incidentId = `test_${uuidv7()}`;
  const data: EventData = {
    occurredAt: now.toISOString(),
    workspace: ws!,
    incident: {
      id: incidentId,
      title: "Test notification",
      status: "investigating",
      impact: "none",
      components: [],
      updates: [
        { status: "investigating", body: "This is a test from Allclear; nothing is wrong." },
      ],
    },
    url: `${config().baseUrl}/incidents/${incidentId}`,
  };
  const deliveryId = uuidv7();
  const attemptedAt = new Date();
  const sent = await sendToEndpoint(endpoint, `test_${deliveryId}`, {
    type: "incident.created",
    data,
  });
  // An alerting kind's test opens a real alert: it is closed at once, so nobody is left paged.
  if (
    sent.kind === "answer" &&
    sent.status >= 200 &&
    sent.status < 300 &&
    (ORDERED_KINDS as readonly string[]).includes(endpoint.kind)
  ) {
    await sendToEndpoint(endpoint, `test_${uuidv7()}`, {
      type: "incident.resolved",
      data: { ...data, incident: { ...data.incident!, status: "resolved" } },
    });
  }
  const result =
    sent.kind === "error"
      ? { ok: false, status: 0, detail: sent.error }
      : {
          ok: sent.status >= 200 && sent.status < 300,
          status: sent.status,
          detail: sent.text.trim().slice(0, 500) || `HTTP ${sent.status}`,
        };
  // Logged beside the real deliveries, finished: never retried, and the endpoint's state stays.
  await db.transaction(async (tx) => {
    await tx.insert(delivery).values({
      id: deliveryId,
      workspaceId: ctx.workspaceId,
      endpointId: id,
      eventId: null,
      test: true,
      state: result.ok ? "succeeded" : "failed",
      attempts: 1,
      nextAttemptAt: attemptedAt,
      completedAt: new Date(),
    });
    await tx.insert(deliveryAttempt).values({
      workspaceId: ctx.workspaceId,
      deliveryId,
      attemptedAt,
      statusCode: sent.kind === "error" ? null : sent.status,
      latencyMs: sent.latencyMs,
      error: result.ok ? null : result.detail.slice(0, 500),
      completedAt: new Date(),
    });
    await recordAudit(
      tx,
      ctx,
      "webhook_endpoint.test",
      { type: "webhook_endpoint", id, name: endpoint.name },
      changesBetween(null, { result: result.ok ? "succeeded" : "failed", status: result.status }),
    );
  });
  return result;
}

/** The endpoint's 50 most recent deliveries, newest first, each with its attempts. */
export async function listDeliveries({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await findEndpoint(db, ctx.workspaceId, id);
  return { deliveries: await loadDeliveries(db, ctx.workspaceId, id) };
}

/** An endpoint's 50 most recent deliveries (or just `only`), newest first, with their attempts. */
async function loadDeliveries(
  db: Executor,
  workspaceId: string,
  endpointId: string,
  only?: string,
) {
  const rows = await db
    .select({
      id: delivery.id,
      eventId: delivery.eventId,
      type: sql<string>`coalesce(${outboxEvent.type}::text, 'test')`,
      test: delivery.test,
      state: delivery.state,
      createdAt: delivery.createdAt,
      completedAt: delivery.completedAt,
      // Whether a claim is attempting the delivery right now (its lease has not ended).
      inFlight: sql<boolean>`(${delivery.state} = 'pending' and ${delivery.lease} is not null
        and ${delivery.nextAttemptAt} > now())`,
    })
    .from(delivery)
    .leftJoin(outboxEvent, eq(outboxEvent.id, delivery.eventId))
    .where(
      and(
        eq(delivery.workspaceId, workspaceId),
        eq(delivery.endpointId, endpointId),
        only ? eq(delivery.id, only) : undefined,
      ),
    )
    .orderBy(desc(delivery.createdAt), desc(delivery.id))
    .limit(50);
  const attempts = rows.length
    ? await db
        .select()
        .from(deliveryAttempt)
        .where(
          and(
            eq(deliveryAttempt.workspaceId, workspaceId),
            inArray(
              deliveryAttempt.deliveryId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(deliveryAttempt.attemptedAt))
    : [];
  return rows.map(({ inFlight, ...row }) => {
    const own = attempts.filter((a) => a.deliveryId === row.id);
    return {
      ...row,
      attempts: own.map(
        ({ attemptedAt, statusCode, latencyMs, error, nextAttemptAt, completedAt }, n) => {
          const state = completedAt
            ? ("completed" as const)
            : inFlight && n === own.length - 1
              ? ("sending" as const)
              : ("interrupted" as const);
          return {
            state,
            attemptedAt,
            statusCode,
            latencyMs,
            error:
              state === "interrupted"
                ? "The sender stopped before recording an answer; sent again under the same webhook-id."
                : error,
            nextAttemptAt,
          };
        },
      ),
    };
  });
}

/**
 * Rewrites endpoint URLs and secrets stored before values were bound to their rows (format v1)
 * in the current format. Runs at start; a value that cannot be read is left as it is.
 */
export async function upgradeLegacySecrets(): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({
      id: webhookEndpoint.id,
      urlEncrypted: webhookEndpoint.urlEncrypted,
      secretEncrypted: webhookEndpoint.secretEncrypted,
    })
    .from(webhookEndpoint)
    .where(
      or(like(webhookEndpoint.urlEncrypted, "v1.%"), like(webhookEndpoint.secretEncrypted, "v1.%")),
    );
  const upgrade = async (stored: string, id: string, part: "url" | "secret") => {
    if (!isLegacySecret(stored)) return stored;
    const binding = endpointSecretBinding(id, part);
    return encryptSecret(await decryptSecret(stored, binding), binding);
  };
  let upgraded = 0;
  for (const row of rows) {
    try {
      const [urlEncrypted, secretEncrypted] = await Promise.all([
        row.urlEncrypted ? upgrade(row.urlEncrypted, row.id, "url") : null,
        row.secretEncrypted ? upgrade(row.secretEncrypted, row.id, "secret") : null,
      ]);
      await db
        .update(webhookEndpoint)
        .set({ urlEncrypted, secretEncrypted })
        .where(eq(webhookEndpoint.id, row.id));
      upgraded += 1;
    } catch (error) {
      logError(`Could not upgrade the stored secrets of webhook endpoint ${row.id}:`, error);
    }
  }
  return upgraded;
}
