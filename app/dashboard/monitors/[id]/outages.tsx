"use client";

import Link from "next/link";
import { DataTable } from "@/app/ui/data-table";
import { ListSection } from "@/app/ui/list-section";
import { Time, withZone } from "@/app/ui/time";
import { useOutages } from "../use-monitors";
import { durationText, STATE_LABEL } from "../monitor-words";

/** Each period the monitor was down or degraded: when, how long, why, and its incident. */
export function Outages({ id }: { id: string }) {
  const outages = useOutages(id);
  const list = outages.data?.outages;
  return (
    <ListSection
      className="card"
      label="Outages"
      pending={outages.isPending}
      error={outages.error}
      empty={list?.length === 0 && "No outages."}
    >
      {list && list.length > 0 && (
        <DataTable
          label="Outages"
          columns={["Started", "Ended", "Duration", "State", "Cause", "Incident"]}
        >
          {list.map((outage) => (
            <tr key={outage.id} data-testid="outage">
              <td>
                <Time iso={outage.startedAt} />
              </td>
              <td>
                {outage.endedAt ? (
                  <Time iso={outage.endedAt} />
                ) : (
                  <span className={`badge state-${outage.state}`}>Ongoing</span>
                )}
              </td>
              <td>{durationText(outage.durationSeconds)}</td>
              <td>
                <span className={`badge state-${outage.state}`}>{STATE_LABEL[outage.state]}</span>
              </td>
              <td>
                {outage.cause ? (
                  <>
                    <code>{outage.cause.class}</code>
                    {outage.cause.message && <div>{outage.cause.message}</div>}
                  </>
                ) : (
                  <span className="muted">Not recorded</span>
                )}
              </td>
              <td>
                {outage.incidentId ? (
                  <Link href={`/dashboard/incidents/${outage.incidentId}`}>
                    View incident
                    <span className="sr-only">
                      {" "}
                      of the outage from {withZone(outage.startedAt)}
                    </span>
                  </Link>
                ) : (
                  <span className="muted">None</span>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </ListSection>
  );
}
