import { handle, route } from "@/lib/api/api";
import { deleteMonitor, getMonitor, replaceMonitor } from "@/lib/monitors/monitors";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getMonitor, ({ ctx, params }) => getMonitor({ ctx, id: params.id })),
  PUT: handle(op.replaceMonitor, ({ ctx, params, body }) =>
    replaceMonitor({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deleteMonitor, ({ ctx, params }) => deleteMonitor({ ctx, id: params.id })),
});
