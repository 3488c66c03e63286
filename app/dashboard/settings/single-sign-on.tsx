"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { SelectField } from "@/app/ui/select-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useApiSubmit } from "@/app/ui/use-api-submit";
import { MASK, type SsoSettings } from "../api-types";
import { ssoKeys } from "../query-keys";

const ROLES = [
  { value: "viewer", label: "Viewer" },
  { value: "editor", label: "Editor" },
  { value: "admin", label: "Admin" },
];
const FIELDS = ["issuer", "clientId", "clientSecret", "allowedDomains", "defaultRole"];

/** The setup (with `issuer` null while there is none). */
function useSso() {
  return useQuery({
    queryKey: ssoKeys.all,
    queryFn: () => apiFetch<SsoSettings>("/v1/workspace/sso"),
  });
}

/** The team's OpenID Connect sign-in, for admins: the provider, who may join, and whether it is required. */
export function SingleSignOnSettings() {
  const queryClient = useQueryClient();
  const sso = useSso();
  const { error, pending, submit } = useApiSubmit();
  const [saved, setSaved] = useState<string | null>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(null);
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const result = await submit(() =>
      apiFetch<SsoSettings>("/v1/workspace/sso", {
        method: "PUT",
        body: {
          enabled: true,
          issuer: text("issuer"),
          clientId: text("clientId"),
          clientSecret: String(form.get("clientSecret") ?? "") || MASK,
          allowedDomains: text("allowedDomains")
            .split(/[\s,]+/)
            .filter(Boolean),
          defaultRole: text("defaultRole"),
          requireSso: form.get("requireSso") === "on",
        },
      }),
    );
    if (result.ok) {
      queryClient.setQueryData(ssoKeys.all, result.value);
      setSaved("Saved. Members can sign in with single sign-on.");
    }
  }

  async function turnOff() {
    const result = await submit(() => apiFetch("/v1/workspace/sso", { method: "DELETE" }));
    if (result.ok) {
      await queryClient.invalidateQueries({ queryKey: ssoKeys.all });
      setSaved("Single sign-on is off; members sign in with their passwords.");
    }
  }

  if (sso.isPending) return <Loading />;
  if (sso.isError) return <ErrorNotice error={sso.error} />;
  const current = sso.data.issuer ? sso.data : null;
  const callbackUrl = sso.data.callbackUrl;

  return (
    <section className="card" aria-labelledby="sso-heading">
      <h2 id="sso-heading">Single sign-on</h2>
      <p className="muted">
        Members sign in with your OpenID Connect provider (Okta, Microsoft Entra ID, Google,
        Keycloak, …). Register this redirect URI with it: <code>{callbackUrl}</code>
      </p>
      <form className="form" onSubmit={save} key={current?.updatedAt ?? "new"}>
        <Field
          label="Issuer URL"
          name="issuer"
          type="url"
          required
          defaultValue={current?.issuer ?? undefined}
          hint="Its /.well-known/openid-configuration is read to check it."
          error={error?.forField("issuer")}
        />
        <Field
          label="Client ID"
          name="clientId"
          required
          defaultValue={current?.clientId ?? undefined}
          error={error?.forField("clientId")}
        />
        <Field
          label="Client secret"
          name="clientSecret"
          type="password"
          autoComplete="off"
          required={!current}
          hint={current ? "Stored encrypted. Leave empty to keep it." : undefined}
          error={error?.forField("clientSecret")}
        />
        <Field
          label="Domains that may join"
          name="allowedDomains"
          defaultValue={current?.allowedDomains.join(", ")}
          hint="Addresses in these domains become members at their first sign-in. Invited addresses may always join; removed members only when invited again."
          error={error?.forField("allowedDomains")}
        />
        <SelectField
          label="Role of new members"
          name="defaultRole"
          options={ROLES}
          defaultValue={current?.defaultRole ?? "viewer"}
          error={error?.forField("defaultRole")}
        />
        <label className="check">
          <input type="checkbox" name="requireSso" defaultChecked={current?.requireSso} />
          Require single sign-on: password sign-in is off for everyone but the owner
        </label>
        <FormError error={error} shown={FIELDS} />
        {saved && (
          <p className="success" role="status">
            {saved}
          </p>
        )}
        <div className="row">
          <button type="submit" disabled={pending}>
            {current ? "Save single sign-on" : "Turn on single sign-on"}
          </button>
          {current && (
            <button
              type="button"
              className="secondary"
              disabled={pending}
              onClick={() => void turnOff()}
            >
              Turn off
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
