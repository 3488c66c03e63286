import { eq } from "drizzle-orm";
import { schema, type Executor } from "@/db/client";
import { config } from "@/lib/config";

let written = 0;

/** Whether events were written since the last call (so someone should look at the outbox). */
export function takeWrittenEvents(): boolean {
  const any = written > 0;
  written = 0;
  return any;
}

export type EventType = (typeof schema.eventTypeEnum.enumValues)[number];

type Subject =
  | { kind: "incident"; resource: { id: string } & Record<string, unknown> }
  | { kind: "maintenance"; resource: { id: string } & Record<string, unknown> };

/**
 * Writes an event to the outbox in the caller's transaction, with the payload receivers get
 * (DESIGN §5): when it happened, the workspace, the resource as the API returns it, and the
 * public page about it.
 */
export async function emitEvent(
  tx: Executor,
  { workspaceId, type, subject }: { workspaceId: string; type: EventType; subject: Subject },
): Promise<void> {
  const [workspace] = await tx
    .select({ id: schema.workspace.id, name: schema.workspace.name })
    .from(schema.workspace)
    .where(eq(schema.workspace.id, workspaceId));
  const occurredAt = new Date();
  const path = subject.kind === "incident" ? "incidents" : "maintenance";
  const data = {
    occurredAt: occurredAt.toISOString(),
    workspace,
    [subject.kind]: subject.resource,
    url: `${config().baseUrl}/${path}/${subject.resource.id}`,
  };
  written += 1;
  await tx.insert(schema.outboxEvent).values({
    workspaceId,
    type,
    // Round-trip through JSON so Dates are stored as the ISO strings receivers will see.
    data: JSON.parse(JSON.stringify(data)),
    occurredAt,
  });
}
