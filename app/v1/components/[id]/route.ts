import { deleteComponent, updateComponent } from "@/lib/components/components";
import * as op from "@/lib/components/operations";
import { handle, route } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PATCH: handle(op.updateComponent, ({ ctx, params, body }) =>
    updateComponent({ ctx, id: params.id, input: body }),
  ),
  DELETE: handle(op.deleteComponent, ({ ctx, params }) => deleteComponent({ ctx, id: params.id })),
});
