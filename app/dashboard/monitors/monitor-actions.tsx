"use client";

import type { ReactNode } from "react";
import { useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ItemActions, OpenFormButton } from "@/app/ui/item-actions";
import { ErrorNotice } from "@/app/ui/states";
import type { Monitor } from "../api-types";
import { useMonitorDelete, useMonitorToggle } from "./use-monitors";

/**
 * A monitor's own buttons, in the list and on its page: edit, pause or resume, delete, and any
 * `children` between. What follows a deletion (focus, the page) is the caller's `onDelete`.
 */
export function MonitorActions({
  monitor,
  onEdit,
  remove,
  onDelete,
  children,
}: {
  monitor: Monitor;
  onEdit: () => void;
  remove: ReturnType<typeof useMonitorDelete>;
  onDelete: (button: HTMLButtonElement) => void;
  children?: ReactNode;
}) {
  const announce = useAnnounce();
  const toggle = useMonitorToggle(monitor);
  return (
    <>
      <ItemActions>
        <OpenFormButton name={`Edit ${monitor.name}`} onClick={onEdit} />
        <button
          type="button"
          className="secondary"
          aria-label={`${monitor.enabled ? "Pause" : "Resume"} ${monitor.name}`}
          onClick={() =>
            toggle.mutate(undefined, {
              onSuccess: () =>
                announce(
                  monitor.enabled
                    ? `${monitor.name} paused: no checks until resumed.`
                    : `${monitor.name} resumed.`,
                ),
            })
          }
          disabled={toggle.isPending}
        >
          {monitor.enabled ? "Pause" : "Resume"}
        </button>
        {children}
        <ConfirmButton
          label="Delete"
          item={monitor.name}
          confirmLabel={`Delete ${monitor.name}`}
          question="Delete this monitor and its results? Its component stays."
          onConfirm={onDelete}
          pending={remove.isPending}
        />
      </ItemActions>
      <ErrorNotice error={toggle.error ?? remove.error} />
    </>
  );
}
