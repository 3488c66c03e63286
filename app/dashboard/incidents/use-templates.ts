"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { IncidentTemplateList } from "../api-types";
import { templateKeys } from "../query-keys";

/** The workspace's incident templates, by name. */
export function useIncidentTemplates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: templateKeys.all,
    queryFn: () => apiFetch<IncidentTemplateList>("/v1/incident-templates"),
    enabled,
  });
}
