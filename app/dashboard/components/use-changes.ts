"use client";

import { apiFetch } from "@/lib/client/api";
import type { Component, ComponentGroup, ComponentPage, ComponentStatus } from "../api-types";
import { useOptimisticChange, useSavedChange } from "./use-components";

/** What the component form sends: its fields, read from the form. */
export type Fields = { name: string; description: string; groupId: string | null };

/** Everything on the page that changes data, with each change applied optimistically. */
export function useChanges(page: ComponentPage | undefined, onFailure: (message: string) => void) {
  const order = (ids: string[]) =>
    apiFetch("/v1/components/order", { method: "PUT", body: { ids } });
  return {
    create: useSavedChange((input: Fields & { status: ComponentStatus }) =>
      apiFetch<Component>("/v1/components", { method: "POST", body: input }),
    ),
    edit: useSavedChange(({ id, ...input }: Fields & { id: string }) =>
      apiFetch<Component>(`/v1/components/${id}`, { method: "PATCH", body: input }),
    ),
    // A status is published to visitors and subscribers: the page says so only once it is.
    setStatus: useSavedChange(({ id, status }: { id: string; status: ComponentStatus }) =>
      apiFetch<Component>(`/v1/components/${id}`, { method: "PATCH", body: { status } }),
    ),
    remove: useOptimisticChange(
      (id: string) => apiFetch(`/v1/components/${id}`, { method: "DELETE" }),
      (current, id) => ({ ...current, components: current.components.filter((c) => c.id !== id) }),
      onFailure,
    ),
    reorder: useOptimisticChange(
      (ids: string[]) => order(ids),
      (current, ids) => ({
        ...current,
        components: current.components.map((c) => ({ ...c, position: ids.indexOf(c.id) })),
      }),
      onFailure,
    ),
    createGroup: useSavedChange((name: string) =>
      apiFetch<ComponentGroup>("/v1/component-groups", { method: "POST", body: { name } }),
    ),
    renameGroup: useSavedChange(({ id, name }: { id: string; name: string }) =>
      apiFetch<ComponentGroup>(`/v1/component-groups/${id}`, { method: "PATCH", body: { name } }),
    ),
    removeGroup: useOptimisticChange(
      (id: string) => apiFetch(`/v1/component-groups/${id}`, { method: "DELETE" }),
      (current, id) => ({
        groups: current.groups.filter((g) => g.id !== id),
        components: current.components.map((c) => (c.groupId === id ? { ...c, groupId: null } : c)),
      }),
      onFailure,
    ),
    reorderGroups: useOptimisticChange(
      (ids: string[]) => apiFetch("/v1/component-groups/order", { method: "PUT", body: { ids } }),
      (current, ids) => ({
        ...current,
        groups: current.groups.map((g) => ({ ...g, position: ids.indexOf(g.id) })),
      }),
      onFailure,
    ),
    fail: onFailure,
    page,
  };
}

export type Changes = ReturnType<typeof useChanges>;
