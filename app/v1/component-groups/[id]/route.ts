import { deleteGroup, updateGroup } from "@/lib/components/components";
import * as op from "@/lib/components/operations";
import { handle, route } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(op.updateComponentGroup, ({ ctx, params, body }) =>
    updateGroup({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deleteComponentGroup, ({ ctx, params }) => deleteGroup({ ctx, id: params.id })),
});
