import { and, eq } from "drizzle-orm";
import { schema } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { changesBetween, recordAudit } from "@/lib/audit/audit";
import { transactionChangingData } from "@/lib/changes/changes";
import { assertPublishableText } from "@/lib/content/rules";
import { ConflictError } from "@/lib/errors";
import { emitEvent } from "@/lib/outbox/outbox";
import { loadIncident, lockIncident } from "./incidents";
import type { PutPostmortemInput } from "./schemas";

const { incident } = schema;

/**
 * Writes or corrects a resolved incident's postmortem. A draft stays with the team; a published
 * one changes on the public page at once and nobody is told again.
 */
export async function savePostmortem({
  ctx,
  id,
  input,
}: {
  ctx: Actor;
  id: string;
  input: PutPostmortemInput;
}) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockIncident(tx, ctx.workspaceId, id);
    if (current.status !== "resolved") {
      throw new ConflictError(
        "illegal_transition",
        "A postmortem is written once the incident is resolved.",
      );
    }
    assertPublishableText({ body: input.body });
    const now = new Date();
    await tx
      .update(incident)
      .set({ postmortemBody: input.body, postmortemUpdatedAt: now, updatedAt: now })
      .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
    await recordAudit(
      tx,
      ctx,
      "postmortem.save",
      { type: "incident", id, name: current.title },
      changesBetween({ body: current.postmortemBody }, { body: input.body }),
    );
    return loadIncident(tx, ctx.workspaceId, id);
  });
}

/**
 * Publishes the postmortem of a published incident: readers see it on the incident's page, and
 * endpoints and the subscribers who chose postmortems hear `incident.postmortem_published`.
 */
export async function publishPostmortem({ ctx, id }: { ctx: Actor; id: string }) {
  return transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockIncident(tx, ctx.workspaceId, id);
    if (current.postmortemBody === null) {
      throw new ConflictError("illegal_transition", "There is no postmortem to publish yet.");
    }
    if (current.postmortemPublishedAt) {
      throw new ConflictError("illegal_transition", "The postmortem is published already.");
    }
    if (current.visibility !== "published") {
      throw new ConflictError(
        "illegal_transition",
        "Publish the incident first: readers have not seen it.",
      );
    }
    const now = new Date();
    await tx
      .update(incident)
      .set({ postmortemPublishedAt: now, updatedAt: now })
      .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
    const resource = await loadIncident(tx, ctx.workspaceId, id, { latestOnly: true });
    await emitEvent(tx, {
      workspaceId: ctx.workspaceId,
      type: "incident.postmortem_published",
      subject: { kind: "incident", resource },
    });
    await recordAudit(tx, ctx, "postmortem.publish", { type: "incident", id, name: current.title });
    return loadIncident(tx, ctx.workspaceId, id);
  });
}

/** Drops a draft postmortem; a published one is part of the public record (409). */
export async function deletePostmortem({ ctx, id }: { ctx: Actor; id: string }) {
  await transactionChangingData(ctx.workspaceId, async (tx) => {
    const current = await lockIncident(tx, ctx.workspaceId, id);
    if (current.postmortemPublishedAt) {
      throw new ConflictError(
        "illegal_transition",
        "A published postmortem cannot be deleted: readers have seen it. Correct it instead.",
      );
    }
    if (current.postmortemBody === null) return;
    await tx
      .update(incident)
      .set({ postmortemBody: null, postmortemUpdatedAt: null, updatedAt: new Date() })
      .where(and(eq(incident.workspaceId, ctx.workspaceId), eq(incident.id, id)));
    await recordAudit(tx, ctx, "postmortem.delete", {
      type: "incident",
      id,
      name: current.title,
    });
  });
}
