"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmButton } from "@/app/ui/confirm-button";
import { CopyField } from "@/app/ui/copy-field";
import { ErrorNotice } from "@/app/ui/states";
import { ListSection } from "@/app/ui/list-section";
import { apiFetch } from "@/lib/client/api";
import { useCan } from "../actor";
import type { StatusPage } from "../api-types";
import { auditKeys, pageKeys, workspaceKeys } from "../query-keys";
import { Audiences } from "./audiences";
import { PageForm } from "./page-form";
import { useStatusPages } from "./use-pages";

const READERS: Record<StatusPage["visibility"], string> = {
  public: "Public",
  password: "Password",
  audience: "Audiences",
};

function shownCount(page: StatusPage): string {
  const parts = [
    page.groupIds.length && `${page.groupIds.length} group${page.groupIds.length === 1 ? "" : "s"}`,
    `${page.componentIds.length} component${page.componentIds.length === 1 ? "" : "s"}`,
  ].filter(Boolean);
  return parts.join(" and ");
}

function PageCard({ page }: { page: StatusPage }) {
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const refresh = () =>
    Promise.all(
      [pageKeys.all, auditKeys.all, workspaceKeys.all].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
  const remove = useMutation({
    mutationFn: () => apiFetch(`/v1/pages/${page.id}`, { method: "DELETE" }),
    onSuccess: refresh,
  });
  const headingId = `page-${page.id}`;
  return (
    <li className="card page-card" aria-labelledby={headingId}>
      <h3 id={headingId}>{page.name}</h3>
      <p>
        <a href={page.url} target="_blank" rel="noopener">
          {page.url}
        </a>
        {page.isDefault && <span className="muted"> · the first page</span>}
      </p>
      <p className="muted">
        {READERS[page.visibility]} · {shownCount(page)} · {page.language} · {page.timeZone}
      </p>
      {page.readToken && (
        <CopyField
          label={`Feed token of ${page.name} (add ?token=… to its feeds and JSON)`}
          value={page.readToken}
        />
      )}
      <ErrorNotice error={remove.error} />
      {isAdmin && page.visibility === "audience" && <Audiences page={page} />}
      {isAdmin && !editing && (
        <div className="row">
          <button
            type="button"
            className="secondary"
            aria-label={`Edit ${page.name}`}
            onClick={() => setEditing(true)}
          >
            Edit
          </button>
          {!page.isDefault && (
            <ConfirmButton
              label="Delete"
              item={page.name}
              confirmLabel="Delete page"
              question={`Delete ${page.name}? Its address stops answering; its components stay.`}
              onConfirm={() => remove.mutate()}
              pending={remove.isPending}
            />
          )}
        </div>
      )}
      {editing && (
        <PageForm
          page={page}
          onSaved={async () => {
            await refresh();
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      )}
    </li>
  );
}

export function PagesView() {
  const isAdmin = useCan("admin");
  const queryClient = useQueryClient();
  const list = useStatusPages();
  const [creating, setCreating] = useState(false);
  const pages = list.data?.data;
  return (
    <div className="stack">
      <h1>Status pages</h1>
      <p className="muted">
        Every page shows the components you choose and the incidents and maintenance that affect
        them, at its own address. The first page answers at / and is public: every component you add
        goes on it, so untick there any component only a private page should show.
      </p>
      {isAdmin &&
        (creating ? (
          <section className="card" aria-labelledby="new-page-heading">
            <h2 id="new-page-heading">New page</h2>
            <PageForm
              onSaved={async () => {
                await queryClient.invalidateQueries({ queryKey: pageKeys.all });
                setCreating(false);
              }}
              onCancel={() => setCreating(false)}
            />
          </section>
        ) : (
          <div>
            <button type="button" onClick={() => setCreating(true)}>
              New page
            </button>
          </div>
        ))}
      <ListSection label="Pages" pending={list.isPending} error={list.error}>
        {pages && (
          <ul className="page-cards">
            {pages.map((page) => (
              <PageCard key={page.id} page={page} />
            ))}
          </ul>
        )}
      </ListSection>
    </div>
  );
}
