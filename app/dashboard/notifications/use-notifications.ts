"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { Endpoint, Subscriber } from "../api-types";
import { endpointKeys, subscriberKeys } from "../query-keys";

/** `enabled`: only admins may read these lists; anyone else would be refused. */
type ListOptions = { enabled?: boolean; refetchInterval?: number };

export function useEndpoints({ enabled = true, refetchInterval }: ListOptions = {}) {
  return useQuery({
    queryKey: endpointKeys.list(),
    queryFn: () => apiFetch<Endpoint[]>("/v1/webhook-endpoints"),
    enabled,
    refetchInterval,
  });
}

export function useSubscribers({ enabled = true, refetchInterval }: ListOptions = {}) {
  return useQuery({
    queryKey: subscriberKeys.list(),
    queryFn: () => apiFetch<Subscriber[]>("/v1/subscribers"),
    enabled,
    refetchInterval,
  });
}
