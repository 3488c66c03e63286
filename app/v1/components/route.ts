import { createComponent, listComponents } from "@/lib/components/components";
import * as op from "@/lib/components/operations";
import { handle, route } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listComponents, ({ ctx }) => listComponents({ ctx })),
  POST: handle(op.createComponent, ({ ctx, body }) => createComponent({ ctx, input: body }), {
    location: (created) => `/v1/components/${created.id}`,
  }),
});
