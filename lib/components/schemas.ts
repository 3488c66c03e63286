import { z } from "zod";
import { name, uuid } from "@/lib/contract/fields";
import { COMPONENT_STATUSES } from "@/lib/status/labels";

export const ComponentStatus = z.enum(COMPONENT_STATUSES).meta({ id: "ComponentStatus" });
export type ComponentStatus = z.output<typeof ComponentStatus>;

const description = () => z.string().max(2000, "At most 2,000 characters.");

export const Component = z
  .object({
    id: uuid(),
    groupId: uuid().nullable(),
    name: z.string(),
    description: z.string(),
    position: z.int(),
    status: ComponentStatus,
  })
  .meta({ id: "Component" });
export type Component = z.output<typeof Component>;

export const ComponentGroup = z
  .object({ id: uuid(), name: z.string(), position: z.int() })
  .meta({ id: "ComponentGroup" });

export const ComponentPage = z
  .object({ groups: z.array(ComponentGroup), components: z.array(Component) })
  .meta({ id: "ComponentPage" });

export const CreateComponentInput = z
  .strictObject({
    name: name(),
    description: description().optional(),
    groupId: uuid().nullable().optional(),
    status: ComponentStatus.optional(),
  })
  .meta({ id: "CreateComponentInput" });
export type CreateComponentInput = z.output<typeof CreateComponentInput>;

export const UpdateComponentInput = z
  .strictObject({
    name: name().optional(),
    description: description().optional(),
    groupId: uuid().nullable().optional(),
    status: ComponentStatus.optional(),
  })
  .meta({ id: "UpdateComponentInput" });
export type UpdateComponentInput = z.output<typeof UpdateComponentInput>;

/** What GET answers but a client never sets; sent back in a PATCH, they are ignored. */
export const COMPONENT_READ_ONLY = ["id", "position"] as const;

export const GroupInput = z.strictObject({ name: name() }).meta({ id: "ComponentGroupInput" });
/** A group has only its name to change, so a rename names it (the spec requires `name`). */
export const UpdateGroupInput = z
  .strictObject({ name: name() })
  .meta({ id: "UpdateComponentGroupInput" });
export const GROUP_READ_ONLY = ["id", "position"] as const;

export const OrderInput = z
  .strictObject({ ids: z.array(uuid()).max(1000, "At most 1,000 ids.") })
  .meta({ id: "OrderInput" });
