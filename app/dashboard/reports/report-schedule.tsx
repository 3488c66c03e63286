"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { FormError } from "@/app/ui/form-error";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { TextAreaField } from "@/app/ui/text-area-field";
import { Time } from "@/app/ui/time";
import { useApiSubmit } from "@/app/ui/use-api-submit";
import type { ReportSchedule } from "../api-types";
import { reportKeys } from "../query-keys";

/** Admins name who is mailed last month's report on each 1st; everyone else does not see it. */
export function ReportScheduleCard() {
  const queryClient = useQueryClient();
  const schedule = useQuery({
    queryKey: reportKeys.schedule(),
    queryFn: () => apiFetch<ReportSchedule>("/v1/reports/schedule"),
  });
  const { error, pending, submit } = useApiSubmit();
  const [saved, setSaved] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const recipients = String(new FormData(event.currentTarget).get("recipients") ?? "")
      .split(/[\s,;]+/)
      .filter(Boolean);
    const result = await submit(() =>
      apiFetch<ReportSchedule>("/v1/reports/schedule", { method: "PUT", body: { recipients } }),
    );
    if (result.ok) {
      queryClient.setQueryData(reportKeys.schedule(), result.value);
      setSaved(true);
    }
  }

  return (
    <section className="card report-form" aria-labelledby="report-schedule-heading">
      <h2 id="report-schedule-heading">Monthly report by email</h2>
      {schedule.isPending ? (
        <Loading />
      ) : schedule.isError ? (
        <ErrorNotice error={schedule.error} />
      ) : (
        <form className="form" onSubmit={save} key={schedule.data.recipients.join(",")}>
          <TextAreaField
            label="Recipients"
            name="recipients"
            rows={3}
            defaultValue={schedule.data.recipients.join("\n")}
            hint="One address a line. Each is mailed last month's report on the 1st at 08:00 in the workspace's time zone, maintenance left out; empty stops it."
            error={error?.forField("recipients")}
          />
          <FormError error={error} />
          <p className="muted" role="status">
            {saved ? "Saved. " : ""}
            {schedule.data.nextRunAt ? (
              <>
                Next report: <Time iso={schedule.data.nextRunAt} />
              </>
            ) : (
              "No report is scheduled."
            )}
          </p>
          <div>
            <button type="submit" disabled={pending}>
              {pending ? "Saving…" : "Save recipients"}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
