import { handle, route } from "@/lib/api/api";
import { postMaintenanceUpdate } from "@/lib/maintenance/maintenance";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.postMaintenanceUpdate, ({ ctx, params, body }) =>
    postMaintenanceUpdate({ ctx, id: params.id, input: body }),
  ),
});
