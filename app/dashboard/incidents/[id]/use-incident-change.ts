"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Incident } from "../../api-types";
import { componentKeys, incidentKeys } from "../../query-keys";

/** A change to the incident; the answer is the incident as it now is. */
export function useIncidentChange(
  id: string,
  send: (body: Record<string, unknown>) => Promise<Incident>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (incident) => {
      queryClient.setQueryData(incidentKeys.detail(id), incident);
      void queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: componentKeys.all });
    },
  });
}
