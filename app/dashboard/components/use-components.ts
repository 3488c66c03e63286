"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/client/api";
import type { Choices } from "@/app/ui/component-picker";
import type { ComponentPage } from "../api-types";
import { componentKeys } from "../query-keys";

/** Page order, as the API gives it: ungrouped first, then each group in order; by position inside. */
export function sortPage(page: ComponentPage): ComponentPage {
  const groups = [...page.groups].sort((a, b) => a.position - b.position);
  const rank = new Map(groups.map((group, index) => [group.id, index]));
  const components = [...page.components].sort(
    (a, b) =>
      (a.groupId ? rank.get(a.groupId)! + 1 : 0) - (b.groupId ? rank.get(b.groupId)! + 1 : 0) ||
      a.position - b.position,
  );
  return { groups, components };
}

export function useComponentPage() {
  return useQuery({
    queryKey: componentKeys.page(),
    queryFn: () => apiFetch<ComponentPage>("/v1/components"),
  });
}

/** The components a form offers to choose from: undefined while loading, none if they failed. */
export function useComponentChoices(): Choices {
  const page = useComponentPage();
  return page.isPending ? undefined : (page.data?.components ?? []);
}

/** Each component's name by id, for lists that name the components they follow. */
export function useComponentNames(): Map<string, string> {
  const page = useComponentPage();
  return new Map(page.data?.components.map((c) => [c.id, c.name]));
}

/**
 * A change shown at once and sent to the API; if the API refuses it, the page returns to what
 * it was and the reason is shown.
 */
export function useOptimisticChange<Vars>(
  send: (vars: Vars) => Promise<unknown>,
  apply: (page: ComponentPage, vars: Vars) => ComponentPage,
  onFailure: (message: string) => void,
) {
  const queryClient = useQueryClient();
  const key = componentKeys.page();
  return useMutation({
    mutationFn: send,
    onMutate: async (vars: Vars) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<ComponentPage>(key);
      if (previous) queryClient.setQueryData(key, sortPage(apply(previous, vars)));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      onFailure(`${error.message} The change was undone.`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: componentKeys.all }),
  });
}

/**
 * A change made through a form: the form stays open until the API has it, and resolves once the
 * page shows the result (so focus can move to it).
 */
export function useSavedChange<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    // A refusal reloads too: it may say the list was out of date.
    onSettled: () => queryClient.invalidateQueries({ queryKey: componentKeys.all }),
  });
}

/** The page's error banner, set by failed changes and cleared by the next one. */
export function useFailure() {
  const [failure, setFailure] = useState<string | null>(null);
  return { failure, setFailure, clear: () => setFailure(null) };
}

/** Moves item `index` of `ids` one step up (-1) or down (+1). */
export function moved(ids: string[], index: number, step: -1 | 1): string[] {
  const next = [...ids];
  const target = index + step;
  if (target < 0 || target >= next.length) return next;
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
