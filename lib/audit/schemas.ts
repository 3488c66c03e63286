import { z } from "zod";
import { uuid } from "@/lib/contract/fields";

export const AUDIT_ACTOR_TYPES = ["user", "token", "monitor", "system"] as const;

export const AuditEntry = z
  .object({
    id: uuid(),
    at: z.date(),
    actor: z.object({
      type: z.enum(AUDIT_ACTOR_TYPES),
      id: z.string().nullable(),
      name: z.string(),
    }),
    action: z.string().describe("`<resource>.<verb>`, e.g. `incident.create`."),
    target: z.object({
      type: z.string(),
      id: z.string().nullable(),
      name: z.string().nullable(),
    }),
    changes: z
      .record(z.string(), z.object({ from: z.unknown(), to: z.unknown() }))
      .optional()
      .describe('The fields changed, before → after; secrets show as "********".'),
  })
  .meta({ id: "AuditEntry" });

export const AuditLog = z
  .object({
    entries: z.array(AuditEntry),
    nextBefore: z.string().nullable().describe("Send as `before` for the next, older page."),
  })
  .meta({ id: "AuditLog" });

export const AuditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.string().max(200).optional(),
  actorType: z.enum(AUDIT_ACTOR_TYPES).optional(),
  actorId: z.string().max(100).optional(),
  action: z
    .string()
    .max(100)
    .optional()
    .describe("An action (`incident.create`) or every action on a resource (`incident`)."),
  targetType: z.string().max(100).optional(),
  targetId: z.string().max(100).optional(),
});
export type AuditQuery = z.output<typeof AuditQuery>;
