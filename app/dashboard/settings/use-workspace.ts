"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { Workspace } from "../api-types";
import { workspaceKeys } from "../query-keys";

/** The workspace: its name, time zone and branding, which every member may read. */
export function useWorkspace() {
  return useQuery({
    queryKey: workspaceKeys.all,
    queryFn: () => apiFetch<Workspace>("/v1/workspace"),
  });
}
