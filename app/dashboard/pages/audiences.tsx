"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ApiForm } from "@/app/ui/api-form";
import { CheckList } from "@/app/ui/check-list";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { Field } from "@/app/ui/field";
import { ErrorNotice } from "@/app/ui/states";
import { TextAreaField } from "@/app/ui/text-area-field";
import { apiFetch } from "@/lib/client/api";
import type { Audience, AudienceList, StatusPage } from "../api-types";
import { useComponentPage } from "../components/use-components";
import { auditKeys, pageKeys } from "../query-keys";

const FIELDS = ["name", "componentIds", "emailDomains", "members"];

const words = (text: string) => text.split(/[\s,;]+/).filter(Boolean);
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

/** One audience's form: who is in it, and which of the page's components they see. */
function AudienceForm({
  page,
  audience,
  onDone,
}: {
  page: StatusPage;
  audience?: Audience;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const components = useComponentPage();
  const onPage = new Set(page.componentIds);
  const inGroups = new Set(page.groupIds);
  const shown = (components.data?.components ?? []).filter(
    (c) => onPage.has(c.id) || (c.groupId !== null && inGroups.has(c.groupId)),
  );
  const chosen = new Set(audience?.componentIds ?? []);

  async function save(form: HTMLFormElement) {
    const data = new FormData(form);
    const body = {
      name: String(data.get("name") ?? "").trim(),
      componentIds: data.getAll("componentIds").map(String),
      emailDomains: words(String(data.get("emailDomains") ?? "")),
      members: words(String(data.get("members") ?? "")),
    };
    const base = `/v1/pages/${page.id}/audiences`;
    return audience
      ? apiFetch<Audience>(`${base}/${audience.id}`, { method: "PATCH", body })
      : apiFetch<Audience>(base, { method: "POST", body });
  }

  return (
    <ApiForm
      label={audience ? "Save audience" : "Add audience"}
      pendingLabel="Saving…"
      save={save}
      onSaved={async () => {
        await Promise.all(
          [pageKeys.audiences(page.id), auditKeys.all].map((queryKey) =>
            queryClient.invalidateQueries({ queryKey }),
          ),
        );
        onDone();
      }}
      onCancel={onDone}
      shown={FIELDS}
    >
      {(error) => (
        <>
          <Field
            label="Audience name"
            name="name"
            required
            maxLength={200}
            defaultValue={audience?.name}
            error={error?.forField("name")}
          />
          <CheckList
            legend="What its members see"
            name="componentIds"
            items={shown}
            checked={chosen}
          >
            {components.isPending && <p className="muted">Loading components…</p>}
            {!components.isPending && shown.length === 0 && (
              <p className="muted">The page shows no components yet.</p>
            )}
          </CheckList>
          <Field
            label="Email domains"
            name="emailDomains"
            defaultValue={audience?.emailDomains.join(", ")}
            hint="Everyone with an address in these domains belongs, e.g. example.com."
            error={error?.forField("emailDomains")}
          />
          <TextAreaField
            label="Members"
            name="members"
            rows={4}
            defaultValue={audience?.members.join("\n")}
            hint="Addresses that belong, one per line."
            error={error?.forField("members")}
          />
        </>
      )}
    </ApiForm>
  );
}

/** An audience page's audiences: who may sign in to it, and what each of them sees. */
export function Audiences({ page }: { page: StatusPage }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string | null>(null);
  const list = useQuery({
    queryKey: pageKeys.audiences(page.id),
    queryFn: () => apiFetch<AudienceList>(`/v1/pages/${page.id}/audiences`),
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/v1/pages/${page.id}/audiences/${id}`, { method: "DELETE" }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pageKeys.audiences(page.id) }),
  });
  const headingId = `audiences-${page.id}`;
  return (
    <section aria-labelledby={headingId}>
      <h4 id={headingId}>Audiences</h4>
      <p className="muted">
        Visitors sign in with their email address and see the components of their audiences.
      </p>
      <ErrorNotice error={list.error ?? remove.error} />
      {list.data?.data.length === 0 && (
        <p className="muted">No audiences yet: nobody can read it.</p>
      )}
      <ul className="audience-list">
        {list.data?.data.map((audience) =>
          editing === audience.id ? (
            <li key={audience.id}>
              <AudienceForm page={page} audience={audience} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={audience.id}>
              <strong>{audience.name}</strong>{" "}
              <span className="muted">
                {count(audience.componentIds.length, "component")} ·{" "}
                {count(audience.members.length, "member")}
                {audience.emailDomains.length > 0 && ` · ${audience.emailDomains.join(", ")}`}
              </span>{" "}
              <button
                type="button"
                className="secondary"
                aria-label={`Edit ${audience.name}`}
                onClick={() => setEditing(audience.id)}
              >
                Edit
              </button>{" "}
              <ConfirmButton
                label="Delete"
                item={audience.name}
                confirmLabel="Delete audience"
                question={`Delete ${audience.name}? Its members who are in no other audience can no longer read the page.`}
                onConfirm={() => remove.mutate(audience.id)}
                pending={remove.isPending}
              />
            </li>
          ),
        )}
      </ul>
      {editing === "new" ? (
        <AudienceForm page={page} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" className="secondary" onClick={() => setEditing("new")}>
          New audience
        </button>
      )}
    </section>
  );
}
