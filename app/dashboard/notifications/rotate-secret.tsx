"use client";

import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { CopyField } from "@/app/ui/copy-field";
import { Time } from "@/app/ui/time";
import type { Endpoint, RotatedSecret } from "../api-types";

export function useRotateSecret(endpointId: string) {
  return useMutation({
    mutationFn: () =>
      apiFetch<RotatedSecret>(`/v1/webhook-endpoints/${endpointId}/rotate-secret`, {
        method: "POST",
      }),
  });
}

type Rotation = ReturnType<typeof useRotateSecret>;

// Focus moves from the confirming button, now gone, to the secret, selected ready to copy.
const focusSecret = (element: HTMLElement | null) => element?.querySelector("input")?.focus();

/** The button among the endpoint's actions; once the secret is new, the secret takes its place. */
export function RotateSecretButton({ endpoint, rotate }: { endpoint: Endpoint; rotate: Rotation }) {
  if (rotate.data) return null;
  return (
    <ConfirmButton
      label="Rotate secret"
      item={endpoint.name}
      confirmLabel={`Rotate the secret of ${endpoint.name}`}
      question="Make a new signing secret? The old one keeps signing for 24 hours."
      onConfirm={() => rotate.mutate()}
      pending={rotate.isPending}
    />
  );
}

/** The new secret, shown this once on a line of its own under the endpoint's actions. */
export function NewSecret({ rotate }: { rotate: Rotation }) {
  if (!rotate.data) return null;
  return (
    <div className="stack tight" ref={focusSecret}>
      <CopyField label="New signing secret" value={rotate.data.secret} />
      <p className="notice" role="status">
        Copy the new secret now: it is shown only this once. Until{" "}
        <Time iso={rotate.data.previousSecretExpiresAt} />, every request carries signatures from
        both the old and the new secret, so switch your receiver before then.
      </p>
    </div>
  );
}
