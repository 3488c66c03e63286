"use client";

import { Field } from "@/app/ui/field";
import { isoToZonedInput, zonedInputToIso } from "@/lib/time/zones";
import type { ApiError } from "@/lib/client/api";
import { useWorkspace } from "../settings/use-workspace";

/**
 * What an update promises readers: when the next update comes (filled from the team's cadence)
 * and, if known, when the incident should be resolved. Typed on the workspace's clock, as
 * maintenance windows are; left empty, nothing is promised.
 */
export function PromiseFields({ error }: { error: ApiError | null }) {
  const workspace = useWorkspace().data;
  const zone = workspace?.timeZone ?? "Etc/UTC";
  const cadence = workspace?.updateCadenceMinutes ?? null;
  const suggested = cadence
    ? isoToZonedInput(new Date(Date.now() + cadence * 60_000).toISOString(), zone)
    : "";
  return (
    <div className="fields two">
      <Field
        // The cadence arrives with the workspace: the field starts again with it filled in.
        key={`next-${suggested ? "cadence" : "none"}`}
        label={`Next update by (${zone})`}
        name="nextUpdateBy"
        type="datetime-local"
        defaultValue={suggested}
        hint="Shown to readers; you are reminded if it passes without an update."
        error={error?.forField("nextUpdateBy")}
      />
      <Field
        label={`Estimated resolution (${zone})`}
        name="estimatedResolutionAt"
        type="datetime-local"
        hint="Optional."
        error={error?.forField("estimatedResolutionAt")}
      />
    </div>
  );
}

/** The promises as the API takes them: an empty field promises nothing (null, not the cadence). */
export function promisesIn(form: FormData, zone: string) {
  const instant = (name: string) => {
    const value = String(form.get(name) ?? "");
    return value ? (zonedInputToIso(value, zone) ?? value) : null;
  };
  return {
    nextUpdateBy: instant("nextUpdateBy"),
    estimatedResolutionAt: instant("estimatedResolutionAt"),
  };
}
