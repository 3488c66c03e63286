"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { StatusPageList } from "../api-types";
import { pageKeys } from "../query-keys";

/** The status pages, the first (at `/`) first. */
export function useStatusPages() {
  return useQuery({
    queryKey: pageKeys.list(),
    queryFn: () => apiFetch<StatusPageList>("/v1/pages"),
  });
}
