import { z } from "zod";
import { email, name, password, uuid } from "@/lib/http/fields";
import { ROLES } from "./roles";

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
  .object({ userId: uuid(), email: z.string(), role: Role, workspaceId: uuid() })
  .meta({ id: "Me" });
