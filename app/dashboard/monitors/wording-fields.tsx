"use client";

import type { ApiError } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { TextAreaField } from "@/app/ui/text-area-field";
import { bindDraft } from "./draft-binding";
import type { WordingDraft } from "./monitor-draft";
import { messageFor } from "./monitor-fields";

/** The customer-facing words of the incidents the monitor opens and resolves. */
export function WordingFields({
  value,
  onChange,
  error,
}: {
  value: WordingDraft;
  onChange: (patch: Partial<WordingDraft>) => void;
  error: ApiError | null;
}) {
  const { text } = bindDraft(value, onChange);
  return (
    <fieldset className="editor">
      <legend>What visitors read</legend>
      <p className="muted">
        The incident this monitor opens on the status page, and the update that resolves it, in
        Markdown. <code>{"{component}"}</code> and <code>{"{monitor}"}</code> stand for their names.
        What the check saw (status codes, timeouts, error text) stays here in the dashboard.
      </p>
      <Field
        label="Incident title"
        {...text("title")}
        maxLength={200}
        required
        error={messageFor(error, "incidentWording.title")}
      />
      <TextAreaField
        label="Incident message"
        {...text("body")}
        required
        error={messageFor(error, "incidentWording.body")}
      />
      <TextAreaField
        label="Resolved message"
        {...text("resolvedBody")}
        required
        error={messageFor(error, "incidentWording.resolvedBody")}
      />
    </fieldset>
  );
}
