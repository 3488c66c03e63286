import { defineOperation } from "@/lib/contract/operation";
import { AuditLog, AuditQuery } from "./schemas";

export const listAuditLog = defineOperation({
  id: "listAuditLog",
  method: "GET",
  path: "/v1/audit-log",
  tag: "Audit log",
  summary: "Every change, newest first",
  description:
    "Each change made by a member, an API token, a monitor or the scheduler, written in the same transaction as the change. Kept for AUDIT_RETENTION_DAYS (400 by default). Filter by actor, action and target; page with `before`.",
  access: "admin",
  query: AuditQuery,
  response: AuditLog,
  status: 200,
});
