"use client";

import { useState } from "react";
import { ApiForm } from "@/app/ui/api-form";
import { CheckList } from "@/app/ui/check-list";
import { Field } from "@/app/ui/field";
import { SelectField } from "@/app/ui/select-field";
import { apiFetch, type ApiError } from "@/lib/client/api";
import { MASK, type StatusPage, type StatusPageInput } from "../api-types";
import { useComponentPage } from "../components/use-components";

const VISIBILITIES = [
  { value: "public", label: "Public: anyone may read it" },
  { value: "password", label: "Password: only visitors with its password" },
  { value: "audience", label: "Audiences: visitors sign in, each sees their own components" },
];

const FIELDS = [
  "name",
  "slug",
  "host",
  "visibility",
  "password",
  "componentIds",
  "groupIds",
  "oidc.issuer",
  "oidc.clientId",
  "oidc.clientSecret",
];

/** An audience page's own OpenID provider, for readers who sign in with it. */
function ReadersProvider({ page, error }: { page?: StatusPage; error: ApiError | null }) {
  return (
    <fieldset className="picker">
      <legend>Sign-in with your provider (optional)</legend>
      <p className="muted">
        Readers get an emailed link; with an OpenID Connect provider here they may sign in with it
        too.
        {page?.oidc && (
          <>
            {" "}
            Register this redirect URI with it: <code>{page.oidc.callbackUrl}</code>
          </>
        )}
      </p>
      <Field
        label="Issuer URL"
        name="oidcIssuer"
        type="url"
        defaultValue={page?.oidc?.issuer ?? ""}
        hint="Leave empty for emailed links only."
        error={error?.forField("oidc.issuer")}
      />
      <Field
        label="Client ID"
        name="oidcClientId"
        defaultValue={page?.oidc?.clientId ?? ""}
        error={error?.forField("oidc.clientId")}
      />
      <Field
        label="Client secret"
        name="oidcClientSecret"
        type="password"
        autoComplete="off"
        hint={page?.oidc ? "Stored encrypted. Leave empty to keep it." : undefined}
        error={error?.forField("oidc.clientSecret")}
      />
    </fieldset>
  );
}

/** What a page shows: whole groups (now and later) and single components. */
function Shown({ page }: { page?: StatusPage }) {
  const components = useComponentPage();
  if (components.isPending) return <p className="muted">Loading components…</p>;
  const { groups = [], components: all = [] } = components.data ?? {};
  const groupIds = new Set(page?.groupIds ?? []);
  const componentIds = new Set(page?.componentIds ?? []);
  if (components.isError) return <p className="alert">The components could not be read.</p>;
  return (
    <>
      <input type="hidden" name="choicesShown" value="1" />
      {groups.length > 0 && (
        <CheckList
          legend="Groups (with every component in them, now and later)"
          name="groupIds"
          items={groups}
          checked={groupIds}
        />
      )}
      <CheckList legend="Components" name="componentIds" items={all} checked={componentIds}>
        {all.length === 0 && <p className="muted">No components yet.</p>}
      </CheckList>
    </>
  );
}

/** Creates a page, or changes one (`page`). */
export function PageForm({
  page,
  onSaved,
  onCancel,
}: {
  page?: StatusPage;
  onSaved: (saved: StatusPage) => void;
  onCancel: () => void;
}) {
  const [visibility, setVisibility] = useState(page?.visibility ?? "public");
  const first = page?.isDefault ?? false;

  /** The provider as typed: none without an issuer, the stored secret when left empty. */
  function providerOf(data: FormData): StatusPageInput["oidc"] {
    const issuer = String(data.get("oidcIssuer") ?? "").trim();
    if (!issuer) return page?.oidc ? null : undefined;
    return {
      issuer,
      clientId: String(data.get("oidcClientId") ?? "").trim(),
      clientSecret: String(data.get("oidcClientSecret") ?? "") || MASK,
    };
  }

  async function save(form: HTMLFormElement) {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const body: StatusPageInput = {
      name: text("name"),
      slug: text("slug"),
      ...(first ? {} : { host: text("host") || null }),
      // The choices are sent only once they were shown: a form saved before the components
      // loaded (or when they could not be read) leaves what the page shows as it was.
      ...(data.has("choicesShown")
        ? {
            componentIds: data.getAll("componentIds").map(String),
            groupIds: data.getAll("groupIds").map(String),
          }
        : {}),
      ...(first ? {} : { visibility: visibility as StatusPage["visibility"] }),
      // A password is taken exactly as typed, as visitors will type it.
      ...(data.get("password") ? { password: String(data.get("password")) } : {}),
      ...(visibility === "audience" ? { oidc: providerOf(data) } : {}),
    };
    return page
      ? apiFetch<StatusPage>(`/v1/pages/${page.id}`, { method: "PATCH", body })
      : apiFetch<StatusPage>("/v1/pages", { method: "POST", body });
  }

  return (
    <ApiForm
      label={page ? "Save page" : "Create page"}
      pendingLabel="Saving…"
      save={save}
      onSaved={onSaved}
      onCancel={onCancel}
      shown={FIELDS}
    >
      {(error) => (
        <>
          <div className="row">
            <Field
              label="Name"
              name="name"
              required
              maxLength={200}
              defaultValue={page?.name}
              hint={first ? "The workspace's name: the first page wears it." : undefined}
              error={error?.forField("name")}
            />
            <Field
              label="Slug"
              name="slug"
              required
              maxLength={48}
              pattern="[a-z0-9-]+"
              defaultValue={page?.slug}
              hint="Its address: /p/slug (lower-case letters, digits and hyphens)."
              error={error?.forField("slug")}
            />
            {!first && (
              <Field
                label="Host (optional)"
                name="host"
                defaultValue={page?.host ?? ""}
                hint="A host name of its own, such as status.example.com, pointed at this server."
                error={error?.forField("host")}
              />
            )}
          </div>
          {!first && (
            <div className="row">
              <SelectField
                label="Who may read it"
                name="visibility"
                options={VISIBILITIES}
                value={visibility}
                onChange={(event) => setVisibility(event.currentTarget.value as typeof visibility)}
                error={error?.forField("visibility")}
              />
              {visibility === "password" && (
                <Field
                  label="Password"
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  minLength={8}
                  maxLength={128}
                  required={!page?.hasPassword}
                  hint={
                    page?.hasPassword
                      ? "Leave empty to keep it; a new one signs every visitor out and ends the page's email subscriptions."
                      : "At least 8 characters. Visitors enter it once per browser."
                  }
                  error={error?.forField("password")}
                />
              )}
            </div>
          )}
          {!first && visibility === "audience" && <ReadersProvider page={page} error={error} />}
          <Shown page={page} />
        </>
      )}
    </ApiForm>
  );
}
