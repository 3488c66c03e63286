import { handle, route } from "@/lib/api/api";
import { listAuditLog } from "@/lib/audit/log";
import * as op from "@/lib/audit/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.listAuditLog, ({ ctx, query }) => listAuditLog({ ctx, query })),
});
