"use client";

import Link from "next/link";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { SelectField } from "@/app/ui/select-field";
import { useAnnounce } from "@/app/ui/announcer";
import { useCan } from "../../actor";
import type { ImportReport } from "../../api-types";
import { ACTION_LABEL, KIND_LABEL, SOURCES, type SourceValue } from "./import-words";

const FIELDS = ["source", "apiKey", "pageId", "url", "backup"];

/** The request a source's fields make; the backup file is read here, in the browser. */
async function requestOf(
  form: HTMLFormElement,
  source: SourceValue,
): Promise<Record<string, unknown>> {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? "").trim();
  if (source === "uptime-kuma") {
    const file = data.get("backup");
    if (!(file instanceof File) || !file.size) {
      throw new ApiError(400, "validation_failed", "Choose the backup file.", [
        { field: "backup", message: "Choose the backup file Uptime Kuma exported." },
      ]);
    }
    try {
      return { source, backup: JSON.parse(await file.text()) };
    } catch {
      throw new ApiError(400, "validation_failed", "The file is not JSON.", [
        {
          field: "backup",
          message: "This file is not JSON: choose the backup Uptime Kuma exported.",
        },
      ]);
    }
  }
  if (source === "statuspage-public") return { source, url: text("pageUrl") };
  return {
    source,
    apiKey: text("apiKey"),
    pageId: text("pageId"),
    ...(text("url") ? { url: text("url") } : {}),
  };
}

function Report({ report }: { report: ImportReport }) {
  const kinds = Object.entries(report.counts).filter(([, counts]) =>
    Object.values(counts).some((n) => n > 0),
  );
  return (
    <>
      <table className="table">
        <caption className="sr-only">
          What the import {report.dryRun ? "would do" : "did"}, by kind
        </caption>
        <thead>
          <tr>
            <th scope="col">Kind</th>
            {Object.values(ACTION_LABEL).map((label) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {kinds.map(([kind, counts]) => (
            <tr key={kind}>
              <th scope="row">{KIND_LABEL[kind] ?? kind}</th>
              {Object.keys(ACTION_LABEL).map((action) => (
                <td key={action}>{counts[action as keyof typeof counts] ?? 0}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {(report.subscribers.confirmed > 0 || report.subscribers.optIn > 0) && (
        <p>
          Subscribers: {report.subscribers.confirmed} confirmed at the source{" "}
          {report.dryRun ? "will be" : "were"} imported as confirmed; {report.subscribers.optIn} not
          confirmed there {report.dryRun ? "will each get" : "each got"} one opt-in mail.
        </p>
      )}
      <details>
        <summary>Every record ({report.items.length})</summary>
        <ul className="plain-list">
          {report.items.map((item, index) => (
            <li key={index}>
              <strong>{ACTION_LABEL[item.action]}</strong> · {KIND_LABEL[item.kind] ?? item.kind}:{" "}
              {item.name}
              {item.note && <span className="muted"> — {item.note}</span>}
            </li>
          ))}
        </ul>
      </details>
    </>
  );
}

export function ImportView() {
  const admin = useCan("admin");
  const queryClient = useQueryClient();
  const announce = useAnnounce();
  const [source, setSource] = useState<SourceValue>("statuspage");
  const [preview, setPreview] = useState<{
    request: Record<string, unknown>;
    report: ImportReport;
  } | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState<"preview" | "import" | null>(null);
  const chosen = SOURCES.find((s) => s.value === source)!;

  if (!admin) {
    return (
      <>
        <h1>Import</h1>
        <p className="notice">Only admins and the owner import from other services.</p>
      </>
    );
  }

  async function run(request: Record<string, unknown>, dryRun: boolean) {
    return apiFetch<ImportReport>("/v1/imports", { method: "POST", body: { ...request, dryRun } });
  }

  async function onPreview(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending("preview");
    setError(null);
    setDone(null);
    try {
      const request = await requestOf(event.currentTarget, source);
      const report = await run(request, true);
      setPreview({ request, report });
      announce("The preview is ready: nothing has changed yet.");
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught
          : new ApiError(0, "network", "Could not reach the server."),
      );
    } finally {
      setPending(null);
    }
  }

  async function onImport() {
    if (!preview) return;
    setPending("import");
    setError(null);
    try {
      const report = await run(preview.request, false);
      setDone(report);
      setPreview(null);
      await queryClient.invalidateQueries();
      announce("Imported.");
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught
          : new ApiError(0, "network", "Could not reach the server."),
      );
    } finally {
      setPending(null);
    }
  }

  const forget = () => {
    setPreview(null);
    if (error) setError(null);
  };

  return (
    <div className="stack">
      <h1>Import</h1>
      <p className="muted">
        Bring a status page over from another service. A preview comes first and changes nothing.
        Times are kept, so history and the uptime bars carry on where they were. Importing the same
        source again changes only what changed there. Subscribers are imported as confirmed only
        when the source says they confirmed; the others get one mail asking them to. Every import is
        in the <Link href="/dashboard/audit-log">audit log</Link>. Scripts can do the same with{" "}
        <code>npm run import</code> or <code>POST /v1/imports</code>.
      </p>
      <section className="card" aria-labelledby="import-source-heading">
        <h2 id="import-source-heading">Source</h2>
        <form className="form" onSubmit={onPreview} onInput={forget}>
          <FormError error={error} shown={FIELDS} />
          <SelectField
            label="Import from"
            name="source"
            options={SOURCES.map((s) => ({ value: s.value, label: s.label }))}
            value={source}
            onChange={(event) => {
              setSource(event.currentTarget.value as SourceValue);
              forget();
            }}
            hint={`Brings ${chosen.brings}.`}
          />
          {chosen.asks.includes("apiKey") && (
            <>
              <Field
                label="API key"
                name="apiKey"
                type="password"
                autoComplete="off"
                required
                hint="Used for this import only; it is not stored."
                error={error?.forField("apiKey")}
              />
              <Field label="Page id" name="pageId" required error={error?.forField("pageId")} />
            </>
          )}
          {chosen.asks.includes("url") && (
            <Field
              label="API address"
              name="url"
              type="url"
              placeholder={chosen.defaultUrl}
              hint={`Leave empty for ${chosen.defaultUrl}.`}
              error={error?.forField("url")}
            />
          )}
          {chosen.asks.includes("pageUrl") && (
            <Field
              label="Status page address"
              name="pageUrl"
              type="url"
              required
              placeholder="https://status.example.com"
              error={error?.forField("url")}
            />
          )}
          {chosen.asks.includes("backup") && (
            <Field
              label="Backup file"
              name="backup"
              type="file"
              accept="application/json,.json"
              required
              hint="Settings → Backup → Export JSON in Uptime Kuma 1.x."
              error={error?.forField("backup")}
            />
          )}
          <div>
            <button type="submit" disabled={pending !== null}>
              {pending === "preview" ? "Reading the source…" : "Preview"}
            </button>
          </div>
        </form>
      </section>
      {preview && (
        <section className="card" aria-labelledby="import-preview-heading">
          <h2 id="import-preview-heading">Preview: nothing has changed yet</h2>
          {preview.report.page && (
            <p>
              Into the page <strong>{preview.report.page.name}</strong>
              {preview.report.page.isDefault ? " (the first page)" : ""}.
            </p>
          )}
          <Report report={preview.report} />
          <div>
            <button type="button" onClick={onImport} disabled={pending !== null}>
              {pending === "import" ? "Importing…" : "Import"}
            </button>
          </div>
        </section>
      )}
      {done && (
        <section className="card" aria-labelledby="import-done-heading">
          <h2 id="import-done-heading">Imported</h2>
          {done.page && (
            <p>
              Into the page <strong>{done.page.name}</strong>:{" "}
              <Link href="/dashboard/pages">see it in Status pages</Link>.
            </p>
          )}
          <Report report={done} />
        </section>
      )}
    </div>
  );
}
