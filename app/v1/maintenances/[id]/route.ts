import { handle, route } from "@/lib/api/api";
import { getMaintenance, replaceMaintenance } from "@/lib/maintenance/maintenance";
import * as op from "@/lib/maintenance/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getMaintenance, ({ ctx, params }) => getMaintenance({ ctx, id: params.id })),
  PUT: handle(op.replaceMaintenance, ({ ctx, params, body }) =>
    replaceMaintenance({ ctx, id: params.id, input: body }),
  ),
});
