"use client";

import { useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { AuditFilters, AuditLog } from "../api-types";
import { auditKeys } from "../query-keys";

const PAGE_SIZE = 50;

function auditQuery(filters: AuditFilters, before: string): string {
  const params = new URLSearchParams({ limit: String(PAGE_SIZE) });
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, String(value));
  if (before) params.set("before", before);
  return params.toString();
}

/** The audit log under some filters, newest first, a page at a time; only admins may read it. */
export function useAuditLog(filters: AuditFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) =>
      apiFetch<AuditLog>(`/v1/audit-log?${auditQuery(filters, pageParam)}`),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextBefore ?? undefined,
    enabled,
  });
}
