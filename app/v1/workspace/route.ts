import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/workspace/operations";
import { getWorkspace, updateWorkspace } from "@/lib/workspace/workspace";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getWorkspace, ({ ctx }) => getWorkspace({ ctx })),
  PATCH: handle(op.patchWorkspace, ({ ctx, body }) => updateWorkspace({ ctx, input: body })),
});
