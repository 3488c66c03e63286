import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, like, or } from "drizzle-orm";
import { uuidv7 } from "uuidv7";
import { groupBy } from "@/lib/group-by";
import { getDb, schema, type Executor } from "@/db/client";
import type { Actor } from "@/lib/auth/session";
import { assertComponentsExist } from "@/lib/components/exist";
import { config } from "@/lib/config";
import { decryptSecret, encryptSecret, isLegacySecret } from "@/lib/crypto/secrets";
import { NotFoundError, ValidationError } from "@/lib/errors";
import { assertAllowedTarget, TargetRefused } from "@/lib/net/targets";
import { endpointSecretBinding, sendToEndpoint } from "./deliveries";
import type { EventData } from "./messages";
import type { CreateEndpointInput } from "./schemas";
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

function present(row: EndpointRow, componentIds: string[]) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    state: row.state,
    componentIds,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
  };
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
    .where(and(eq(webhookEndpoint.workspaceId, workspaceId), eq(webhookEndpoint.id, id)));
  if (!row) throw new NotFoundError("webhook endpoint");
  return row;
}

/** A new Standard Webhooks signing secret: `whsec_` and 32 random bytes in base64. */
function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString("base64")}`;
}

/**
 * Adds an endpoint. The URL must be a public https address (checked here and again at every
 * send); it and the signing secret are stored encrypted, and the secret is answered only now.
 */
export async function createEndpoint({ ctx, input }: { ctx: Actor; input: CreateEndpointInput }) {
  try {
    await assertAllowedTarget(input.url);
  } catch (error) {
    if (error instanceof TargetRefused) throw ValidationError.field("url", error.message);
    throw error;
  }
  const componentIds = [...new Set(input.componentIds ?? [])];
  const secret = input.kind === "webhook" ? newSigningSecret() : null;
  const id = uuidv7();
  const [urlEncrypted, secretEncrypted] = await Promise.all([
    encryptSecret(input.url, endpointSecretBinding(id, "url")),
    secret ? encryptSecret(secret, endpointSecretBinding(id, "secret")) : Promise.resolve(null),
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
    .where(eq(webhookEndpoint.workspaceId, ctx.workspaceId))
    .orderBy(asc(webhookEndpoint.createdAt), asc(webhookEndpoint.id));
  const follows = await followedBy(
    db,
    ctx.workspaceId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => present(row, follows.get(row.id) ?? []));
}

export async function deleteEndpoint({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  const deleted = await db
    .delete(webhookEndpoint)
    .where(and(eq(webhookEndpoint.workspaceId, ctx.workspaceId), eq(webhookEndpoint.id, id)))
    .returning({ id: webhookEndpoint.id });
  if (!deleted.length) throw new NotFoundError("webhook endpoint");
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
  const sent = await sendToEndpoint(endpoint, `test_${uuidv7()}`, {
    type: "incident.created",
    data,
  });
  if (sent.kind === "error") return { ok: false, status: 0, detail: sent.error };
  return {
    ok: sent.status >= 200 && sent.status < 300,
    status: sent.status,
    detail: sent.text.trim().slice(0, 500) || `HTTP ${sent.status}`,
  };
}

/** The endpoint's 50 most recent deliveries, newest first, each with its attempts. */
export async function listDeliveries({ ctx, id }: { ctx: Actor; id: string }) {
  const db = await getDb();
  await findEndpoint(db, ctx.workspaceId, id);
  const rows = await db
    .select({
      id: delivery.id,
      eventId: delivery.eventId,
      type: outboxEvent.type,
      state: delivery.state,
      createdAt: delivery.createdAt,
      completedAt: delivery.completedAt,
    })
    .from(delivery)
    .innerJoin(outboxEvent, eq(outboxEvent.id, delivery.eventId))
    .where(and(eq(delivery.workspaceId, ctx.workspaceId), eq(delivery.endpointId, id)))
    .orderBy(desc(delivery.createdAt), desc(delivery.id))
    .limit(50);
  const attempts = rows.length
    ? await db
        .select()
        .from(deliveryAttempt)
        .where(
          and(
            eq(deliveryAttempt.workspaceId, ctx.workspaceId),
            inArray(
              deliveryAttempt.deliveryId,
              rows.map((row) => row.id),
            ),
          ),
        )
        .orderBy(asc(deliveryAttempt.attemptedAt))
    : [];
  return {
    deliveries: rows.map((row) => ({
      ...row,
      attempts: attempts
        .filter((a) => a.deliveryId === row.id)
        .map(({ attemptedAt, statusCode, latencyMs, error, nextAttemptAt }) => ({
          attemptedAt,
          statusCode,
          latencyMs,
          error,
          nextAttemptAt,
        })),
    })),
  };
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
        upgrade(row.urlEncrypted, row.id, "url"),
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
