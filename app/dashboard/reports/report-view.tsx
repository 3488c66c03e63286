"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DataTable } from "@/app/ui/data-table";
import { ListSection } from "@/app/ui/list-section";
import { Time } from "@/app/ui/time";
import { apiFetch } from "@/lib/client/api";
import { useCan } from "../actor";
import type { AvailabilityReport } from "../api-types";
import { reportKeys } from "../query-keys";
import { useWorkspace } from "../settings/use-workspace";
import { lastWholePeriod } from "@/lib/time/periods";
import { reportQuery, type PeriodChoice, type PeriodKind } from "./report-period";
import { ReportScheduleCard } from "./report-schedule";

const percent = (value: number | null) => (value === null ? "—" : `${value.toFixed(3)} %`);
const minutes = (value: number) =>
  `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })} min`;

function PeriodForm({
  choice,
  zone,
  onChange,
}: {
  choice: PeriodChoice;
  zone: string;
  onChange: (choice: PeriodChoice) => void;
}) {
  const setKind = (kind: PeriodKind) =>
    onChange({
      ...choice,
      kind,
      period: kind === "custom" ? choice.period : lastWholePeriod(kind, Date.now(), zone),
    });
  return (
    <div className="row report-controls">
      <div className="field">
        <label htmlFor="report-period">Period</label>
        <select
          id="report-period"
          value={choice.kind}
          onChange={(event) => setKind(event.target.value as PeriodKind)}
        >
          <option value="month">Month</option>
          <option value="quarter">Quarter</option>
          <option value="year">Year</option>
          <option value="custom">Custom</option>
        </select>
      </div>
      {choice.kind === "month" && (
        <label>
          Month
          <input
            type="month"
            value={choice.period}
            onChange={(event) => onChange({ ...choice, period: event.target.value })}
          />
        </label>
      )}
      {choice.kind === "quarter" && (
        <label>
          Quarter
          <input
            value={choice.period}
            pattern="\d{4}-Q[1-4]"
            placeholder="2026-Q1"
            onChange={(event) => onChange({ ...choice, period: event.target.value.toUpperCase() })}
          />
        </label>
      )}
      {choice.kind === "year" && (
        <label>
          Year
          <input
            inputMode="numeric"
            value={choice.period}
            onChange={(event) => onChange({ ...choice, period: event.target.value })}
          />
        </label>
      )}
      {choice.kind === "custom" && (
        <>
          <label>
            From
            <input
              type="date"
              value={choice.fromDay}
              onChange={(event) => onChange({ ...choice, fromDay: event.target.value })}
            />
          </label>
          <label>
            To (inclusive)
            <input
              type="date"
              value={choice.toDay}
              onChange={(event) => onChange({ ...choice, toDay: event.target.value })}
            />
          </label>
        </>
      )}
    </div>
  );
}

function ReportBody({ report }: { report: AvailabilityReport }) {
  return (
    <>
      <section aria-label="Overall" className="card">
        <h2>Overall</h2>
        <p>
          <strong className="report-figure">{percent(report.overall.availabilityPercent)}</strong>{" "}
          available from <Time iso={report.from} /> to <Time iso={report.to} /> ({report.timeZone}):{" "}
          {minutes(report.overall.downtimeMinutes)} down of{" "}
          {minutes(report.overall.observedMinutes)} observed.
        </p>
        <p className="muted">{report.formula}</p>
      </section>
      <ListSection
        label="Components"
        className="card"
        empty={report.components.length === 0 ? "No components." : undefined}
      >
        {report.components.length > 0 && (
          <DataTable
            label="Availability by component"
            columns={["Component", "Availability", "Down", "Observed"]}
          >
            {report.components.map((c) => (
              <tr key={c.componentId}>
                <td>{c.name}</td>
                <td>{percent(c.availabilityPercent)}</td>
                <td>{minutes(c.downtimeMinutes)}</td>
                <td>{minutes(c.observedMinutes)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListSection>
      <ListSection
        label="Incidents"
        className="card"
        empty={report.incidents.length === 0 ? "No incidents in this period." : undefined}
      >
        {report.incidents.length > 0 && (
          <DataTable
            label="Incidents in the period"
            columns={["Incident", "Impact", "Started", "Resolved", "In period"]}
          >
            {report.incidents.map((i) => (
              <tr key={i.id}>
                <td>{i.title}</td>
                <td>{i.impact}</td>
                <td>
                  <Time iso={i.startedAt} />
                </td>
                <td>{i.resolvedAt ? <Time iso={i.resolvedAt} /> : "Open"}</td>
                <td>{minutes(i.minutesInPeriod)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListSection>
      <ListSection
        label="Maintenance"
        className="card"
        empty={report.maintenances.length === 0 ? "No maintenance in this period." : undefined}
      >
        {report.maintenances.length > 0 && (
          <DataTable
            label="Maintenance in the period"
            columns={["Window", "Started", "Ended", "In period"]}
          >
            {report.maintenances.map((m) => (
              <tr key={m.id}>
                <td>{m.title}</td>
                <td>
                  <Time iso={m.startedAt} />
                </td>
                <td>{m.endedAt ? <Time iso={m.endedAt} /> : "In progress"}</td>
                <td>{minutes(m.minutesInPeriod)}</td>
              </tr>
            ))}
          </DataTable>
        )}
      </ListSection>
    </>
  );
}

/** Availability over a month, quarter, year or any days, to print or download as CSV. */
export function ReportView() {
  const workspace = useWorkspace();
  const admin = useCan("admin");
  const zone = workspace.data?.timeZone ?? "Etc/UTC";
  const [choice, setChoice] = useState<PeriodChoice | null>(null);
  const [excludeMaintenance, setExcludeMaintenance] = useState(true);
  const current: PeriodChoice = choice ?? {
    kind: "month",
    period: lastWholePeriod("month", Date.now(), zone),
    fromDay: "",
    toDay: "",
  };
  const query = workspace.data ? reportQuery(current, zone, excludeMaintenance) : null;
  const report = useQuery({
    queryKey: reportKeys.availability(query ?? ""),
    queryFn: () => apiFetch<AvailabilityReport>(`/v1/reports/availability?${query}`),
    enabled: query !== null,
  });
  return (
    <div className="stack report">
      <h1>Availability report</h1>
      <div className="card report-form">
        <PeriodForm choice={current} zone={zone} onChange={setChoice} />
        <label className="check">
          <input
            type="checkbox"
            checked={excludeMaintenance}
            onChange={(event) => setExcludeMaintenance(event.target.checked)}
          />
          Leave maintenance out (otherwise it counts as down)
        </label>
        <div className="row">
          <button type="button" className="secondary" onClick={() => window.print()}>
            Print
          </button>
          {query && (
            <a
              className="button secondary"
              href={`/v1/reports/availability?${query}&format=csv`}
              download
            >
              Download CSV
            </a>
          )}
        </div>
      </div>
      <ListSection
        label="Report"
        heading={null}
        pending={report.isPending && query !== null}
        error={report.error}
      >
        {report.data && <ReportBody report={report.data} />}
      </ListSection>
      {admin && <ReportScheduleCard />}
    </div>
  );
}
