"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { MemberList } from "../api-types";
import { memberKeys } from "../query-keys";

/** Members and pending invitations; only admins may read them, so others pass `enabled: false`. */
export function useMembers({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: memberKeys.list(),
    queryFn: () => apiFetch<MemberList>("/v1/members"),
    enabled,
  });
}
