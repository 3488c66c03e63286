"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, useAnnounce } from "@/app/ui/announcer";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { ErrorNotice } from "@/app/ui/states";
import type { Incident } from "../../api-types";
import { incidentKeys } from "../../query-keys";
import { useIncidentChange } from "./use-incident-change";

/** The incidents page's heading, where focus lands once a deleted draft's page is gone. */
const INCIDENTS_HEADING = "incidents";

/** A draft says what it does not do yet; editors publish it or delete it from here. */
export function DraftNotice({ incident, canEdit }: { incident: Incident; canEdit: boolean }) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/incidents/${incident.id}`, { method: "DELETE" }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: incidentKeys.lists() });
      router.push("/dashboard/incidents");
      announce(`Draft ${incident.title} deleted.`);
      focusItemWhenShown(INCIDENTS_HEADING);
    },
  });
  const publish = useIncidentChange(incident.id, () =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}`, {
      method: "PATCH",
      body: { visibility: "published" },
    }),
  );
  return (
    <div className="notice">
      <p>
        This incident is a draft: visitors do not see it, nobody is notified, and components keep
        their status.
      </p>
      {canEdit && (
        <div className="row">
          <button
            type="button"
            // Published, this notice goes: the announcement must not depend on it staying.
            onClick={() =>
              publish
                .mutateAsync({})
                .then(() => announce("Published: visitors see it and subscribers are told."))
                .catch(() => {})
            }
            disabled={publish.isPending}
          >
            Publish incident
          </button>
          <ConfirmButton
            label="Delete draft"
            item={incident.title}
            confirmLabel={`Delete ${incident.title}`}
            question="Delete this draft for good?"
            onConfirm={() => remove.mutate()}
            pending={remove.isPending}
          />
        </div>
      )}
      <ErrorNotice error={publish.error ?? remove.error} />
    </div>
  );
}
