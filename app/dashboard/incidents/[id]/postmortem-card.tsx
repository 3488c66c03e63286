"use client";

import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Markdown } from "@/lib/content/markdown";
import { useAnnounce } from "@/app/ui/announcer";
import { FormError } from "@/app/ui/form-error";
import { MarkdownField } from "@/app/ui/markdown-field";
import { Time } from "@/app/ui/time";
import type { Incident } from "../../api-types";
import { useIncidentChange } from "./use-incident-change";

/**
 * A resolved incident's postmortem: written as a draft the team reads, then published once to
 * the incident's public page, endpoints and the subscribers who chose postmortems.
 */
export function PostmortemCard({ incident, canEdit }: { incident: Incident; canEdit: boolean }) {
  const postmortem = incident.postmortem;
  const save = useIncidentChange(incident.id, (body) =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}/postmortem`, { method: "PUT", body }),
  );
  const publish = useIncidentChange(incident.id, () =>
    apiFetch<Incident>(`/v1/incidents/${incident.id}/postmortem/publish`, { method: "POST" }),
  );
  const [editing, setEditing] = useState(false);
  const announce = useAnnounce();
  const error =
    save.error instanceof ApiError
      ? save.error
      : publish.error instanceof ApiError
        ? publish.error
        : null;
  const writing = canEdit && (editing || !postmortem);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = String(new FormData(event.currentTarget).get("postmortem")).trim();
    save.mutate(
      { body },
      {
        onSuccess: (saved) => {
          setEditing(false);
          announce(saved.postmortem?.publishedAt ? "Postmortem corrected." : "Draft saved.");
        },
      },
    );
  }

  if (!postmortem && !canEdit) return null;
  return (
    <section className="card" aria-labelledby="postmortem-heading">
      <h2 id="postmortem-heading">Postmortem</h2>
      {postmortem && (
        <p className="muted">
          {postmortem.publishedAt ? (
            <>
              Published <Time iso={postmortem.publishedAt} />
            </>
          ) : (
            "Draft: only members see it until it is published."
          )}
        </p>
      )}
      <FormError error={error} />
      {writing ? (
        <form className="form" onSubmit={submit}>
          <MarkdownField
            label="What happened, and what changes"
            name="postmortem"
            required
            defaultValue={postmortem?.body ?? ""}
            error={error?.forField("body")}
          />
          <div className="row">
            <button type="submit" disabled={save.isPending}>
              {save.isPending
                ? "Saving…"
                : postmortem?.publishedAt
                  ? "Save correction"
                  : "Save draft"}
            </button>
            {postmortem && (
              <button type="button" className="secondary" onClick={() => setEditing(false)}>
                Cancel
              </button>
            )}
          </div>
        </form>
      ) : (
        postmortem && (
          <>
            <Markdown text={postmortem.body} />
            {canEdit && (
              <div className="row">
                {!postmortem.publishedAt && incident.visibility === "published" && (
                  <button
                    type="button"
                    disabled={publish.isPending}
                    onClick={() =>
                      publish.mutate({}, { onSuccess: () => announce("Postmortem published.") })
                    }
                  >
                    {publish.isPending ? "Publishing…" : "Publish postmortem"}
                  </button>
                )}
                <button type="button" className="secondary" onClick={() => setEditing(true)}>
                  Edit postmortem
                </button>
              </div>
            )}
          </>
        )
      )}
    </section>
  );
}
