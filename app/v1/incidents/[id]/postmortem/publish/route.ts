import { handle, route } from "@/lib/api/api";
import { publishPostmortem } from "@/lib/incidents/postmortems";
import * as op from "@/lib/incidents/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.publishPostmortem, ({ ctx, params }) =>
    publishPostmortem({ ctx, id: params.id }),
  ),
});
