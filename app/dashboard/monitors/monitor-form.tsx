"use client";

import { type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { CheckField } from "@/app/ui/check-field";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { closeOnEscape } from "@/app/ui/form-actions";
import { SelectField } from "@/app/ui/select-field";
import type { Monitor } from "../api-types";
import { useComponentPage } from "../components/use-components";
import {
  describeMonitorField,
  DOWN_STATUSES,
  METHODS,
  NEW_COMPONENT,
  POLICIES,
  readMonitor,
  SHOWN_FIELDS,
} from "./monitor-fields";
import { useMonitorChange } from "./use-monitors";

export function MonitorForm({
  initial,
  submitLabel,
  onDone,
  onCancel,
}: {
  initial?: Monitor;
  submitLabel: string;
  onDone: (saved: Monitor) => void;
  onCancel: () => void;
}) {
  const components = useComponentPage();
  const save = useMonitorChange((body: Record<string, unknown>) =>
    initial
      ? apiFetch<Monitor>(`/v1/monitors/${initial.id}`, { method: "PUT", body })
      : apiFetch<Monitor>("/v1/monitors", { method: "POST", body }),
  );
  const error = save.error instanceof ApiError ? save.error : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    save.mutate(readMonitor(new FormData(event.currentTarget), initial?.enabled ?? true), {
      onSuccess: onDone,
    });
  }

  const componentOptions = [
    ...(initial
      ? []
      : [{ value: NEW_COMPONENT, label: "A new component named after the monitor" }]),
    ...(components.data?.components.map((c) => ({ value: c.id, label: c.name })) ?? []),
  ];

  return (
    <form
      className="form"
      onSubmit={submit}
      aria-label={submitLabel}
      onInput={() => save.error && save.reset()}
      onKeyDown={closeOnEscape(onCancel)}
    >
      <FormError error={error} shown={SHOWN_FIELDS} describe={describeMonitorField} />
      <Field
        label="Name"
        name="name"
        defaultValue={initial?.name}
        required
        maxLength={200}
        autoFocus
        error={error?.forField("name")}
      />
      <Field
        label="URL"
        name="url"
        type="url"
        defaultValue={initial?.http.url}
        placeholder="https://example.com/health"
        required
        error={error?.forField("http.url")}
      />
      <div className="fields">
        <SelectField
          label="Method"
          name="method"
          options={METHODS}
          defaultValue={initial?.http.method ?? "GET"}
          error={error?.forField("http.method")}
        />
        <Field
          label="Expected status codes"
          name="expectedStatus"
          defaultValue={(initial?.http.expectedStatus ?? [200]).join(", ")}
          hint="Comma-separated, e.g. 200, 204"
          required
          error={error?.forField("http.expectedStatus")}
        />
        <Field
          label="Timeout (ms)"
          name="timeoutMs"
          type="number"
          min={1000}
          max={30000}
          defaultValue={initial?.http.timeoutMs ?? 10000}
          required
          error={error?.forField("http.timeoutMs")}
        />
      </div>
      <Field
        label="Keyword (optional)"
        name="keyword"
        defaultValue={initial?.http.keyword ?? ""}
        hint="The check fails unless the answer's first 1 MiB contains this text."
        error={error?.forField("http.keyword")}
      />
      <CheckField
        label="Follow redirects (at most 5)"
        name="followRedirects"
        defaultChecked={initial?.http.followRedirects ?? true}
        hint="Off, a redirect is the answer: its status must be one of the expected codes."
      />
      <div className="fields">
        <Field
          label="Check every (seconds)"
          name="intervalSeconds"
          type="number"
          min={10}
          max={3600}
          defaultValue={initial?.detection.intervalSeconds ?? 60}
          required
          error={error?.forField("detection.intervalSeconds")}
        />
        <Field
          label="Down after failures"
          name="failureThreshold"
          type="number"
          min={1}
          max={10}
          defaultValue={initial?.detection.failureThreshold ?? 2}
          required
          error={error?.forField("detection.failureThreshold")}
        />
        <Field
          label="Up after passes"
          name="recoveryThreshold"
          type="number"
          min={1}
          max={10}
          defaultValue={initial?.detection.recoveryThreshold ?? 2}
          required
          error={error?.forField("detection.recoveryThreshold")}
        />
      </div>
      <SelectField
        label="Component"
        name="componentId"
        options={componentOptions}
        defaultValue={initial?.componentId ?? NEW_COMPONENT}
        error={error?.forField("componentId")}
      />
      <div className="fields two">
        <SelectField
          label="When it goes down"
          name="publishPolicy"
          options={POLICIES}
          defaultValue={initial?.publishPolicy ?? "auto"}
          error={error?.forField("publishPolicy")}
        />
        <SelectField
          label="Component status while down"
          name="downStatus"
          options={DOWN_STATUSES}
          defaultValue={initial?.downStatus ?? "partial_outage"}
          error={error?.forField("downStatus")}
        />
      </div>
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : submitLabel}
        </button>
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
