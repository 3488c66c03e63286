"use client";

import type { FormEvent, ReactNode } from "react";
import type { ApiError } from "@/lib/client/api";
import { closeOnEscape, FormActions } from "./form-actions";
import { FormError } from "./form-error";
import { useApiSubmit } from "./use-api-submit";

/**
 * An inline form that stays open until the API accepts it: a refusal keeps what was typed and
 * marks the fields (`children` gets the refusal to place each message); Escape cancels.
 */
export function ApiForm<T>({
  className = "form",
  label,
  pendingLabel,
  save,
  onSaved,
  onCancel,
  shown,
  describe,
  children,
}: {
  className?: string;
  label: string;
  pendingLabel: string;
  save: (form: HTMLFormElement) => Promise<T>;
  onSaved: (saved: T) => void;
  onCancel: () => void;
  shown: readonly string[];
  describe?: (field: string) => string;
  children: (error: ApiError | null) => ReactNode;
}) {
  const { error, pending, submit, reset } = useApiSubmit();
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const result = await submit(() => save(form));
    if (result.ok) onSaved(result.value);
  }
  return (
    <form
      className={className}
      onSubmit={onSubmit}
      onInput={() => error && reset()}
      onKeyDown={closeOnEscape(onCancel)}
    >
      <FormError error={error} shown={shown} describe={describe} />
      {children(error)}
      <FormActions
        label={label}
        pendingLabel={pendingLabel}
        pending={pending}
        onCancel={onCancel}
      />
    </form>
  );
}
