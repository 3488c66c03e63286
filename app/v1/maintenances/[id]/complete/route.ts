import { handle, route } from "@/lib/api/api";
import { completeMaintenanceNow } from "@/lib/maintenance/maintenance";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.completeMaintenance, ({ ctx, params }) =>
    completeMaintenanceNow({ ctx, id: params.id }),
  ),
});
