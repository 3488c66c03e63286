"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusOnMount, focusWhenShown, PAGE_OPENER } from "@/app/ui/announcer";
import { CopyField } from "@/app/ui/copy-field";
import { Field } from "@/app/ui/field";
import { describeFollowedField, FollowedComponents } from "@/app/ui/followed-components";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import { SelectField } from "@/app/ui/select-field";
import type { EndpointCreated } from "../api-types";
import { useComponentChoices } from "../components/use-components";
import { endpointKeys } from "../query-keys";
import { KIND_FIELDS, KIND_INSTRUCTIONS, KINDS } from "./endpoint-words";

export function AddEndpoint({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const choices = useComponentChoices();
  const [componentIds, setComponentIds] = useState<string[]>([]);
  const [kind, setKind] = useState<keyof typeof KIND_INSTRUCTIONS>("webhook");
  const instructions = KIND_INSTRUCTIONS[kind];
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<EndpointCreated>("/v1/webhook-endpoints", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKeys.all }),
  });
  const error = add.error instanceof ApiError ? add.error : null;
  const cancel = () => {
    onDone();
    focusWhenShown(PAGE_OPENER);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (field: string) => String(form.get(field) ?? "").trim();
    const given: Record<string, string | boolean> = {};
    for (const field of KIND_FIELDS[kind]) {
      if (field.type === "checkbox") given[field.name] = form.get(field.name) === "on";
      else if (field.type === "select" || field.required || text(field.name)) {
        given[field.name] = text(field.name);
      }
    }
    add.mutate({ kind, name: text("name"), ...given, componentIds });
  }

  if (add.data) {
    return (
      <section className="card stack">
        <p className="success" role="status" tabIndex={-1} ref={focusOnMount}>
          {add.data.endpoint.name} added.
        </p>
        {add.data.secret && (
          <>
            <CopyField label="Signing secret" value={add.data.secret} />
            <p className="notice">
              Copy the signing secret now: it is shown only this once. Verify each request with it
              (Standard Webhooks); if it is lost, delete the endpoint and add it again.
            </p>
          </>
        )}
        <div>
          <button
            type="button"
            onClick={() => {
              onDone();
              focusItemWhenShown(add.data.endpoint.id);
            }}
          >
            Done
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card">
      <h2>Add endpoint</h2>
      <form
        className="form"
        onSubmit={submit}
        onInput={() => add.error && add.reset()}
        onKeyDown={closeOnEscape(cancel)}
      >
        <FormError
          error={error}
          shown={["kind", "name", ...KIND_FIELDS[kind].map((field) => field.name)]}
          describe={describeFollowedField}
        />
        <div className="row">
          <SelectField
            label="Kind"
            name="kind"
            options={KINDS}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as typeof kind)}
            autoFocus
          />
          <Field
            label="Name"
            name="name"
            required
            maxLength={200}
            error={error?.forField("name")}
          />
        </div>
        {KIND_FIELDS[kind].map((field) =>
          field.type === "checkbox" ? (
            <label key={`${kind}-${field.name}`} className="check">
              <input type="checkbox" name={field.name} /> {field.label}
            </label>
          ) : field.type === "select" ? (
            <SelectField
              key={`${kind}-${field.name}`}
              label={field.label}
              name={field.name}
              options={field.options}
            />
          ) : (
            <Field
              key={`${kind}-${field.name}`}
              label={field.label}
              name={field.name}
              type={field.type}
              required={field.required}
              defaultValue={field.defaultValue}
              placeholder={field.placeholder}
              hint={field.hint}
              autoComplete="off"
              error={error?.forField(field.name)}
            />
          ),
        )}
        <p className="muted">
          Where to get it:{" "}
          <a href={instructions.url} target="_blank" rel="noopener noreferrer">
            {instructions.label}
          </a>
        </p>
        <FollowedComponents choices={choices} initial={[]} onChange={setComponentIds} />
        <FormActions
          label="Add endpoint"
          pendingLabel="Adding…"
          pending={add.isPending}
          onCancel={cancel}
        />
      </form>
    </section>
  );
}
