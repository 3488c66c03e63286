"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { componentKeys, maintenanceKeys } from "../query-keys";

/** A change to a window; it settles once the list shows it, so focus can move to it. */
export function useMaintenanceChange<Vars, Result>(send: (vars: Vars) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: maintenanceKeys.all }),
        queryClient.invalidateQueries({ queryKey: componentKeys.all }),
      ]),
  });
}
