import { reorderGroups } from "@/lib/components/components";
import * as op from "@/lib/components/operations";
import { handle, route } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(op.orderComponentGroups, ({ ctx, body }) => reorderGroups({ ctx, ids: body.ids })),
});
