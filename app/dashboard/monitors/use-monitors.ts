"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

export type Monitor = {
  id: string;
  componentId: string;
  name: string;
  type: "http";
  http: {
    url: string;
    method: string;
    expectedStatus: number[];
    keyword: string | null;
    timeoutMs: number;
    followRedirects: boolean;
  };
  publishPolicy: "auto" | "manual" | "none";
  downStatus: "degraded_performance" | "partial_outage" | "major_outage";
  detection: { intervalSeconds: number; failureThreshold: number; recoveryThreshold: number };
  enabled: boolean;
};

export type CheckResult = {
  region: string;
  scheduledAt: string;
  startedAt: string;
  status: "up" | "down";
  latencyMs: number;
  statusCode: number | null;
  error: { class: string; message: string } | null;
  timings: {
    dnsMs: number | null;
    connectMs: number | null;
    tlsMs: number | null;
    firstByteMs: number | null;
    totalMs: number;
  };
};

export type MonitorState = "pending" | "up" | "down" | "paused";
export type Telemetry = {
  regions: string[];
  monitors: {
    id: string;
    state: MonitorState;
    status: string;
    since: string;
    results: CheckResult[];
    checksDelayed: boolean;
  }[];
};

export type Bucket = {
  from: string;
  checks: number;
  failures: number;
  uptime: number | null;
  latencyP50: number | null;
  latencyP95: number | null;
  latencyP99: number | null;
};
export type History = {
  range: string;
  bucketSeconds: number;
  uptime: number | null;
  overall: Bucket[];
  regions: Record<string, Bucket[]>;
};

export const STATE_TEXT: Record<MonitorState, string> = {
  pending: "Pending",
  up: "Up",
  down: "Down",
  paused: "Paused",
};

/** How often the monitors pages ask for fresh telemetry. */
export const POLL_MS = 3000;

export function useMonitors() {
  return useQuery({
    queryKey: ["monitors"],
    queryFn: () => apiFetch<{ monitors: Monitor[] }>("/v1/monitors"),
  });
}

export function useTelemetry() {
  return useQuery({
    queryKey: ["monitors", "telemetry"],
    queryFn: () => apiFetch<Telemetry>("/v1/monitors/telemetry"),
    refetchInterval: POLL_MS,
  });
}

export function useHistory(id: string, range: "24h" | "7d" | "30d" | "90d") {
  return useQuery({
    queryKey: ["monitors", id, "history", range],
    queryFn: () => apiFetch<History>(`/v1/monitors/${id}/history?range=${range}`),
    refetchInterval: 60_000,
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
        queryClient.invalidateQueries({ queryKey: ["monitors"] }),
        queryClient.invalidateQueries({ queryKey: ["components"] }),
      ]),
  });
}
