"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { MonitorFailures, MonitorHistory, MonitorList, Telemetry } from "../api-types";
import { componentKeys, monitorKeys } from "../query-keys";

/** How often the monitors pages ask for fresh telemetry. */
export const POLL_MS = 3000;

export function useMonitors() {
  return useQuery({
    queryKey: monitorKeys.list(),
    queryFn: () => apiFetch<MonitorList>("/v1/monitors"),
  });
}

export function useTelemetry() {
  return useQuery({
    queryKey: monitorKeys.telemetry(),
    queryFn: () => apiFetch<Telemetry>("/v1/monitors/telemetry"),
    refetchInterval: POLL_MS,
  });
}

export function useHistory(id: string, range: MonitorHistory["range"]) {
  return useQuery({
    queryKey: monitorKeys.history(id, range),
    queryFn: () => apiFetch<MonitorHistory>(`/v1/monitors/${id}/history?range=${range}`),
    refetchInterval: 60_000,
  });
}

export function useFailures(id: string) {
  return useQuery({
    queryKey: monitorKeys.failures(id),
    queryFn: () => apiFetch<MonitorFailures>(`/v1/monitors/${id}/failures`),
    refetchInterval: 10_000,
  });
}

/** A change to monitors; the lists, telemetry and components (a new one may appear) refresh. */
export function useMonitorChange<Vars, Result = unknown>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // Settles once the lists show the change, so focus can move to it.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: monitorKeys.all }),
        queryClient.invalidateQueries({ queryKey: componentKeys.all }),
      ]),
  });
}
