import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/pages/operations";
import { createPage, listPages } from "@/lib/pages/pages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listPages, ({ ctx }) => listPages({ ctx })),
  POST: handle(op.createPage, ({ ctx, body }) => createPage({ ctx, input: body })),
});
