import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/incidents/operations";
import { declareFromTemplate } from "@/lib/incidents/templates";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(
    op.declareFromTemplate,
    ({ ctx, params, body }) => declareFromTemplate({ ctx, id: params.id, input: body }),
    { location: (created) => `/v1/incidents/${created.id}` },
  ),
});
