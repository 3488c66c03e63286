import { handle, route } from "@/lib/api/api";
import * as op from "@/lib/sso/operations";
import { deleteSso, putSso, readSso } from "@/lib/sso/sso";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getSso, ({ ctx }) => readSso({ ctx })),
  PUT: handle(op.putSso, ({ ctx, body }) => putSso({ ctx, input: body })),
  DELETE: handle(op.deleteSso, ({ ctx }) => deleteSso({ ctx })),
});
