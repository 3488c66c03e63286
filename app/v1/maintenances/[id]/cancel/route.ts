import { handle, route } from "@/lib/api/api";
import { cancelMaintenance } from "@/lib/maintenance/maintenance";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.cancelMaintenance, ({ ctx, params }) =>
    cancelMaintenance({ ctx, id: params.id }),
  ),
});
