"use client";

import { useRef, useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { useAnnounce } from "@/app/ui/announcer";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { closeOnEscape } from "@/app/ui/form-actions";
import { SelectField } from "@/app/ui/select-field";
import { ErrorNotice } from "@/app/ui/states";
import type { Monitor, MonitorInput, MonitorType } from "../api-types";
import { useComponentPage } from "../components/use-components";
import { CheckTestResult, testSummary } from "./check-test-result";
import { bindDraft } from "./draft-binding";
import { HttpFields } from "./http-fields";
import { draftOf, inputFromDraft, type MonitorDraft } from "./monitor-draft";
import {
  describeMonitorField,
  DOWN_STATUSES,
  messageFor,
  NEW_COMPONENT,
  placedFields,
  POLICIES,
  TYPES,
} from "./monitor-fields";
import { inputOf } from "./monitor-input";
import { DnsFields, HeartbeatFields, TcpFields } from "./type-fields";
import { useMonitorChange, useSettingsTest } from "./use-monitors";
import { WordingFields } from "./wording-fields";
import { useIncidentTemplates } from "../incidents/use-templates";

const asApiError = (error: Error | null) => (error instanceof ApiError ? error : null);

const TYPE_HINT: Record<MonitorType, string> = {
  http: "Requests a URL and checks the answer.",
  tcp: "Opens a connection to a port.",
  dns: "Looks up a name's records.",
  heartbeat: "Waits for a job to ping it.",
};

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
  const announce = useAnnounce();
  const form = useRef<HTMLFormElement>(null);
  const templates = useIncidentTemplates();
  const [draft, setDraft] = useState<MonitorDraft>(() =>
    draftOf(initial ? inputOf(initial) : undefined),
  );
  const save = useMonitorChange((body: MonitorInput) =>
    initial
      ? apiFetch<Monitor>(`/v1/monitors/${initial.id}`, { method: "PUT", body })
      : apiFetch<Monitor>("/v1/monitors", { method: "POST", body }),
  );
  const test = useSettingsTest();
  // A refused test names fields as a refused save does, and is shown the same way.
  const error = asApiError(save.error) ?? asApiError(test.error);

  const change =
    <K extends keyof MonitorDraft>(key: K) =>
    (patch: Partial<MonitorDraft[K]>) =>
      setDraft((d) => ({ ...d, [key]: { ...(d[key] as object), ...patch } }));
  const { text } = bindDraft(draft, (patch) => setDraft((d) => ({ ...d, ...patch })));
  const detection = bindDraft(draft.detection, change("detection"));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (test.error) test.reset();
    save.mutate(inputFromDraft(draft), { onSuccess: onDone });
  }

  function runTest() {
    // A test is sent like a save, so it asks for what a save would.
    if (!form.current?.reportValidity()) return;
    save.reset();
    test.mutate(
      { input: inputFromDraft(draft), monitorId: initial?.id },
      { onSuccess: (result) => announce(testSummary(result)) },
    );
  }

  const componentOptions = [
    ...(initial
      ? []
      : [{ value: NEW_COMPONENT, label: "A new component named after the monitor" }]),
    ...(components.data?.components.map((c) => ({ value: c.id, label: c.name })) ?? []),
  ];

  return (
    <form
      ref={form}
      className="form"
      onSubmit={submit}
      aria-label={submitLabel}
      onInput={() => {
        if (save.error) save.reset();
        if (test.error) test.reset();
      }}
      onKeyDown={closeOnEscape(onCancel)}
    >
      <FormError error={error} shown={placedFields(error, draft)} describe={describeMonitorField} />
      {/* No answer at all (the network): said in words too. */}
      {!error && <ErrorNotice error={save.error ?? test.error} />}
      <div className="fields two">
        <Field
          label="Name"
          {...text("name")}
          required
          maxLength={200}
          autoFocus
          error={messageFor(error, "name")}
        />
        <SelectField
          label="Monitor type"
          name="type"
          options={TYPES}
          value={draft.type}
          onChange={(e) => {
            const type = e.currentTarget.value as MonitorType;
            setDraft((d) => ({ ...d, type }));
            test.reset();
          }}
          hint={TYPE_HINT[draft.type]}
          error={messageFor(error, "type")}
        />
      </div>
      {draft.type === "http" && (
        <HttpFields
          http={draft.http}
          stored={draft.stored}
          onChange={change("http")}
          error={error}
        />
      )}
      {draft.type === "tcp" && (
        <TcpFields value={draft.tcp} onChange={change("tcp")} error={error} />
      )}
      {draft.type === "dns" && (
        <DnsFields value={draft.dns} onChange={change("dns")} error={error} />
      )}
      {draft.type === "heartbeat" && (
        <HeartbeatFields value={draft.heartbeat} onChange={change("heartbeat")} error={error} />
      )}
      {draft.type !== "heartbeat" && (
        <div className="fields">
          <Field
            label="Check every (seconds)"
            {...detection.text("intervalSeconds")}
            type="number"
            min={10}
            max={3600}
            required
            error={messageFor(error, "detection.intervalSeconds")}
          />
          <Field
            label="Down after failures"
            {...detection.text("failureThreshold")}
            type="number"
            min={1}
            max={10}
            required
            error={messageFor(error, "detection.failureThreshold")}
          />
          <Field
            label="Up after passes"
            {...detection.text("recoveryThreshold")}
            type="number"
            min={1}
            max={10}
            required
            error={messageFor(error, "detection.recoveryThreshold")}
          />
        </div>
      )}
      <SelectField
        label="Component"
        {...text("componentId")}
        options={componentOptions}
        error={messageFor(error, "componentId")}
      />
      <div className="fields two">
        <SelectField
          label="When it goes down"
          {...text("publishPolicy")}
          options={POLICIES}
          error={messageFor(error, "publishPolicy")}
        />
        <SelectField
          label="Component status while down"
          {...text("downStatus")}
          options={DOWN_STATUSES}
          error={messageFor(error, "downStatus")}
        />
      </div>
      {templates.data && templates.data.templates.length > 0 && (
        <SelectField
          label="Incident template"
          name="incidentTemplateId"
          value={draft.incidentTemplateId ?? ""}
          onChange={(event) =>
            setDraft((d) => ({ ...d, incidentTemplateId: event.target.value || null }))
          }
          options={[
            { value: "", label: "None: the wording below" },
            ...templates.data.templates.map((t) => ({ value: t.id, label: t.name })),
          ]}
          hint="Words the incidents it opens; the wording below still resolves them, and stands in when the template needs a person to fill it."
          error={messageFor(error, "incidentTemplateId")}
        />
      )}
      <WordingFields
        value={draft.incidentWording}
        onChange={change("incidentWording")}
        error={error}
      />
      {test.data && draft.type !== "heartbeat" && (
        <CheckTestResult
          result={test.data}
          assertions={test.variables?.input.http?.assertions ?? []}
        />
      )}
      <div className="row">
        <button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving…" : submitLabel}
        </button>
        {draft.type !== "heartbeat" && (
          <button type="button" className="secondary" onClick={runTest} disabled={test.isPending}>
            {test.isPending ? "Testing…" : "Test now"}
          </button>
        )}
        <button type="button" className="secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
