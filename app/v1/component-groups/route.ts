import { createGroup } from "@/lib/components/components";
import * as op from "@/lib/components/operations";
import { handle, route } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.createComponentGroup, ({ ctx, body }) => createGroup({ ctx, input: body }), {
    location: (created) => `/v1/component-groups/${created.id}`,
  }),
});
