import { handle, route } from "@/lib/api/api";
import { rotateHeartbeat } from "@/lib/monitors/monitors";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.rotateHeartbeat, ({ ctx, params }) => rotateHeartbeat({ ctx, id: params.id })),
});
