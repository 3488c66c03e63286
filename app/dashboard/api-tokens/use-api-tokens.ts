"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { ApiTokenList } from "../api-types";
import { apiTokenKeys } from "../query-keys";

/** The workspace's API tokens, newest first; only admins may read them. */
export function useApiTokens({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: apiTokenKeys.list(),
    queryFn: () => apiFetch<ApiTokenList>("/v1/api-tokens"),
    enabled,
  });
}
