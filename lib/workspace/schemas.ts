import { z } from "zod";
import { email, name, password, uuid } from "@/lib/contract/fields";
import { ROLES } from "@/lib/contract/roles";

export const Role = z.enum(ROLES).meta({ id: "Role" });

export const SetupInput = z
  .strictObject({
    workspaceName: name(),
    name: name(),
    email: email(),
    password: password(),
  })
  .meta({ id: "SetupInput" });
export type SetupInput = z.output<typeof SetupInput>;

export const SetupResult = z
  .object({ workspaceId: uuid(), userId: uuid() })
  .meta({ id: "SetupResult" });

export const Me = z
  .object({
    userId: uuid(),
    email: z.string(),
    role: Role,
    workspaceId: uuid(),
    tokenId: uuid()
      .optional()
      .describe(
        "Only for a request made with an API token: the token (its creator's id and address above).",
      ),
  })
  .meta({ id: "Me" });

/** An IANA time zone name (`Europe/Berlin`, `Etc/UTC`), answered in its canonical spelling. */
export const timeZone = () =>
  z
    .string()
    .max(64)
    .transform((zone, ctx) => {
      const canonical = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)
        ? canonicalTimeZone(zone)
        : null;
      if (!canonical) {
        ctx.addIssue({
          code: "custom",
          message: "Must be an IANA time zone, such as Europe/Berlin or Etc/UTC.",
        });
        return z.NEVER;
      }
      return canonical;
    });

function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const Workspace = z
  .object({
    id: uuid(),
    name: z.string(),
    timeZone: z.string().describe("IANA time zone of the public page"),
    createdAt: z.date(),
  })
  .meta({ id: "Workspace" });

export const PatchWorkspaceInput = z
  .strictObject({ name: name().optional(), timeZone: timeZone().optional() })
  .meta({ id: "PatchWorkspaceInput" });
export type PatchWorkspaceInput = z.output<typeof PatchWorkspaceInput>;
