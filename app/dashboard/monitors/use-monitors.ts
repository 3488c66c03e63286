"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type {
  CheckTest,
  Monitor,
  MonitorChecks,
  MonitorHistory,
  MonitorInput,
  MonitorList,
  MonitorOutages,
  MonitorUptime,
  Telemetry,
} from "../api-types";
import { componentKeys, monitorKeys } from "../query-keys";
import { inputOf } from "./monitor-input";

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

/** Every monitor's 30-day uptime, by id, in one request for the whole list. */
export function useUptime() {
  return useQuery({
    queryKey: monitorKeys.uptime(),
    queryFn: () => apiFetch<MonitorUptime>("/v1/monitors/uptime"),
    select: (answer) => new Map(answer.monitors.map((m) => [m.id, m.uptime])),
    refetchInterval: 60_000,
  });
}

export function useHistory(id: string, range: MonitorHistory["range"]) {
  return useQuery({
    queryKey: monitorKeys.history(id, range),
    queryFn: () => apiFetch<MonitorHistory>(`/v1/monitors/${id}/history?range=${range}`),
    refetchInterval: 60_000,
  });
}

/** The newest raw results, which chart a monitor before its first hourly rollup. */
export function useChecks(id: string) {
  return useQuery({
    queryKey: monitorKeys.checks(id),
    queryFn: () => apiFetch<MonitorChecks>(`/v1/monitors/${id}/checks?limit=120`),
    refetchInterval: 10_000,
  });
}

export function useOutages(id: string) {
  return useQuery({
    queryKey: monitorKeys.outages(id),
    queryFn: () => apiFetch<MonitorOutages>(`/v1/monitors/${id}/outages`),
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

/** Pause or resume: the monitor replaced as it is, but for `enabled`. */
export function useMonitorToggle(monitor: Monitor) {
  return useMonitorChange(() =>
    apiFetch<Monitor>(`/v1/monitors/${monitor.id}`, {
      method: "PUT",
      body: { ...inputOf(monitor), enabled: !monitor.enabled } satisfies MonitorInput,
    }),
  );
}

/**
 * Deleting a monitor. It leaves the list at once, before the list reloads, so a page about it
 * stops asking for its results (which would now be 404) instead of showing them failing.
 */
export function useMonitorDelete(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(`/v1/monitors/${id}`, { method: "DELETE" }),
    onSuccess: () => {
      queryClient.setQueryData<MonitorList>(
        monitorKeys.list(),
        (list) => list && { monitors: list.monitors.filter((m) => m.id !== id) },
      );
      return Promise.all(
        [monitorKeys.list(), monitorKeys.telemetry(), monitorKeys.uptime()].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
  });
}

/** One check of settings as the form holds them; editing, "********" stands for a stored secret. */
export function useSettingsTest() {
  return useMutation({
    mutationFn: ({ input, monitorId }: { input: MonitorInput; monitorId?: string }) =>
      apiFetch<CheckTest>(
        `/v1/monitors/test${monitorId ? `?monitorId=${encodeURIComponent(monitorId)}` : ""}`,
        { method: "POST", body: input },
      ),
  });
}

/** One check of a monitor's stored settings, now; recorded nowhere. */
export function useMonitorTest(id: string) {
  return useMutation({
    mutationFn: () => apiFetch<CheckTest>(`/v1/monitors/${id}/test`, { method: "POST" }),
  });
}

/** A heartbeat's new ping URL; the old one stops answering at once. */
export function useHeartbeatRotation(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<Monitor>(`/v1/monitors/${id}/heartbeat/rotate`, { method: "POST" }),
    onSuccess: (rotated) => {
      queryClient.setQueryData<MonitorList>(
        monitorKeys.list(),
        (list) =>
          list && { monitors: list.monitors.map((m) => (m.id === rotated.id ? rotated : m)) },
      );
    },
  });
}
