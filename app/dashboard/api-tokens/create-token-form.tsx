"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { SelectField } from "@/app/ui/select-field";
import { useAllowed } from "../actor";
import type { ApiToken, ApiTokenCreated, ApiTokenInput } from "../api-types";
import { apiTokenKeys, auditKeys } from "../query-keys";
import { NewToken } from "./new-token";
import {
  DEFAULT_EXPIRY,
  expiresAtFor,
  EXPIRY_OPTIONS,
  ROLE_LABEL,
  TOKEN_ROLES,
} from "./token-words";

/** Today in the viewer's zone, as a date input takes it: the earliest expiry date. */
function today(): string {
  const day = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

export function CreateTokenForm() {
  const queryClient = useQueryClient();
  const allowed = useAllowed();
  // A token's role cannot be above its maker's: the API refuses it, so it is not offered.
  const roles = TOKEN_ROLES.filter(allowed).map((role) => ({
    value: role,
    label: ROLE_LABEL[role],
  }));
  const [expiry, setExpiry] = useState<string>(DEFAULT_EXPIRY);
  const create = useMutation({
    mutationFn: (body: ApiTokenInput) =>
      apiFetch<ApiTokenCreated>("/v1/api-tokens", { method: "POST", body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: apiTokenKeys.all }),
        queryClient.invalidateQueries({ queryKey: auditKeys.all }),
      ]),
  });
  const error = create.error instanceof ApiError ? create.error : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    create.mutate(
      {
        name: String(data.get("name")).trim(),
        role: String(data.get("role")) as ApiToken["role"],
        expiresAt: expiresAtFor(expiry, String(data.get("expiresOn") ?? "")),
      },
      {
        onSuccess: () => {
          form.reset();
          setExpiry(DEFAULT_EXPIRY);
        },
      },
    );
  }

  return (
    <section className="card" aria-labelledby="create-token-heading">
      <h2 id="create-token-heading">Create a token</h2>
      <form className="form" onSubmit={onSubmit} onInput={() => create.error && create.reset()}>
        <FormError error={error} shown={["name", "role", "expiresAt"]} />
        <div className="row">
          <Field
            label="Token name"
            name="name"
            required
            maxLength={100}
            hint="What uses it, e.g. “Deploy script”."
            error={error?.forField("name")}
          />
          <SelectField
            label="Role"
            name="role"
            options={roles}
            defaultValue="editor"
            error={error?.forField("role")}
          />
          <SelectField
            label="Expires"
            name="expiry"
            options={EXPIRY_OPTIONS}
            defaultValue={DEFAULT_EXPIRY}
            onChange={(event) => setExpiry(event.currentTarget.value)}
            error={expiry === "date" ? undefined : error?.forField("expiresAt")}
          />
          {expiry === "date" && (
            <Field
              label="Expiry date"
              name="expiresOn"
              type="date"
              required
              min={today()}
              hint="It works until the end of that day, in your time zone."
              error={error?.forField("expiresAt")}
            />
          )}
        </div>
        <div>
          <button type="submit" disabled={create.isPending}>
            {create.isPending ? "Creating…" : "Create token"}
          </button>
        </div>
      </form>
      {create.data && <NewToken created={create.data} onDone={() => create.reset()} />}
    </section>
  );
}
