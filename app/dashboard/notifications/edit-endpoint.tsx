"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useAnnounce } from "@/app/ui/announcer";
import { Field } from "@/app/ui/field";
import { describeFollowedField, FollowedComponents } from "@/app/ui/followed-components";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import type { Endpoint } from "../api-types";
import { useComponentChoices } from "../components/use-components";
import { endpointKeys } from "../query-keys";

export function EditEndpoint({ endpoint, onDone }: { endpoint: Endpoint; onDone: () => void }) {
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const choices = useComponentChoices();
  const [componentIds, setComponentIds] = useState<string[]>(endpoint.componentIds);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Endpoint>(`/v1/webhook-endpoints/${endpoint.id}`, { method: "PATCH", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeys.all }),
  });
  const error = save.error instanceof ApiError ? save.error : null;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name")).trim();
    save.mutate(
      { name, componentIds },
      {
        onSuccess: (saved) => {
          onDone();
          announce(`${saved.name} saved.`);
        },
      },
    );
  }
  return (
    <form
      className="form"
      aria-label={`Edit ${endpoint.name}`}
      onSubmit={submit}
      onInput={() => save.error && save.reset()}
      onKeyDown={closeOnEscape(onDone)}
    >
      <FormError error={error} shown={["name"]} describe={describeFollowedField} />
      <Field
        label="Name"
        name="name"
        required
        maxLength={200}
        defaultValue={endpoint.name}
        autoFocus
        error={error?.forField("name")}
      />
      <FollowedComponents
        choices={choices}
        initial={endpoint.componentIds}
        onChange={setComponentIds}
      />
      <FormActions
        label="Save endpoint"
        pendingLabel="Saving…"
        pending={save.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
