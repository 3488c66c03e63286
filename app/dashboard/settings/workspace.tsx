"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { SelectField } from "@/app/ui/select-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useApiSubmit } from "@/app/ui/use-api-submit";
import { useCan } from "../actor";
import type { Workspace } from "../api-types";
import { workspaceKeys } from "../query-keys";
import { BrandingFacts } from "./branding-facts";
import { BrandingSettings } from "./branding-form";
import type { BrandingChoices } from "./branding-choices";
import { PageImages } from "./page-images";
import { useWorkspace } from "./use-workspace";

/** Every IANA zone the browser knows, with the workspace's own first if it is not among them. */
function zoneOptions(current: string) {
  const zones = Intl.supportedValuesOf("timeZone");
  const all = zones.includes(current) ? zones : [current, ...zones];
  return (all.includes("Etc/UTC") ? all : ["Etc/UTC", ...all]).map((zone) => ({
    value: zone,
    label: zone.replaceAll("_", " "),
  }));
}

/**
 * The public page's name and time zone, then its branding and images: admins change them,
 * everyone else reads them.
 */
export function WorkspaceSettings({ choices }: { choices: BrandingChoices }) {
  const admin = useCan("admin");
  const queryClient = useQueryClient();
  const router = useRouter();
  const workspace = useWorkspace();
  const { error, pending, submit } = useApiSubmit();
  const [saved, setSaved] = useState(false);
  const current = workspace.data?.timeZone ?? "Etc/UTC";
  const options = useMemo(() => zoneOptions(current), [current]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const cadence = String(form.get("updateCadenceMinutes") ?? "").trim();
    const result = await submit(() =>
      apiFetch<Workspace>("/v1/workspace", {
        method: "PATCH",
        body: {
          name: form.get("name"),
          timeZone: form.get("timeZone"),
          updateCadenceMinutes: cadence ? Number(cadence) : null,
        },
      }),
    );
    if (result.ok) {
      queryClient.setQueryData(workspaceKeys.all, result.value);
      setSaved(true);
      // The sidebar shows the name; it comes from the server.
      router.refresh();
    }
  }

  return (
    <>
      <section className="card" aria-labelledby="workspace-heading">
        <h2 id="workspace-heading">Status page</h2>
        {workspace.isPending ? (
          <Loading />
        ) : workspace.isError ? (
          <ErrorNotice error={workspace.error} />
        ) : admin ? (
          <form
            className="form"
            onSubmit={save}
            key={`${workspace.data.timeZone}${workspace.data.name}${workspace.data.updateCadenceMinutes}`}
          >
            <Field
              label="Workspace name"
              name="name"
              defaultValue={workspace.data.name}
              hint="The title of the public status page."
              error={error?.forField("name")}
              required
              maxLength={200}
            />
            <SelectField
              label="Time zone"
              name="timeZone"
              defaultValue={workspace.data.timeZone}
              options={options}
              error={error?.forField("timeZone")}
            />
            <p className="muted">
              The public page counts its days (uptime bars, recent incidents) in this zone; visitors
              see times in their own.
            </p>
            <Field
              label="Update cadence (minutes)"
              name="updateCadenceMinutes"
              type="number"
              min={5}
              max={1440}
              defaultValue={workspace.data.updateCadenceMinutes ?? ""}
              hint="An incident update promises the next one this many minutes later unless it names a time; empty for no promise."
              error={error?.forField("updateCadenceMinutes")}
            />
            <FormError error={error} />
            {saved && (
              <p className="success" role="status">
                Saved. The public page shows it now.
              </p>
            )}
            <div className="row">
              <button type="submit" disabled={pending}>
                {pending ? "Saving…" : "Save status page"}
              </button>
              <a href="/" target="_blank" rel="noopener">
                View the status page
              </a>
            </div>
          </form>
        ) : (
          <dl className="facts">
            <dt>Workspace name</dt>
            <dd>{workspace.data.name}</dd>
            <dt>Time zone</dt>
            <dd>{workspace.data.timeZone}</dd>
            <dt>Update cadence</dt>
            <dd>
              {workspace.data.updateCadenceMinutes
                ? `${workspace.data.updateCadenceMinutes} minutes`
                : "None"}
            </dd>
            <BrandingFacts workspace={workspace.data} languages={choices.languages} />
          </dl>
        )}
      </section>
      {admin && workspace.isSuccess && (
        <>
          <BrandingSettings workspace={workspace.data} languages={choices.languages} />
          <PageImages workspace={workspace.data} choices={choices} />
        </>
      )}
    </>
  );
}
