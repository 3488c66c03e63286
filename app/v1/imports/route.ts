import { handle, route } from "@/lib/api/api";
import { runImport } from "@/lib/import/import";
import * as op from "@/lib/import/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.runImport, ({ ctx, body }) => runImport({ ctx, input: body })),
});
