"use client";

import Link from "next/link";
import { overallStatus, worstOf } from "@/lib/status/labels";
import { StatusBadge, statusClass } from "@/app/ui/status-badge";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useComponentPage } from "../components/use-components";

/** The headline visitors read on the public page, and each component that is not operational. */
export function OverallStatus() {
  const page = useComponentPage();
  if (page.isPending) return <Loading />;
  if (page.isError) return <ErrorNotice error={page.error} />;
  const { components } = page.data;
  const statuses = components.map((c) => c.status);
  const affected = components.filter((c) => c.status !== "operational");
  return (
    <section className="card" aria-label="Overall status">
      <p className={statusClass(worstOf(statuses))} data-testid="overall-status">
        {components.length ? overallStatus(statuses).description : "No components yet"}
      </p>
      {affected.length > 0 && (
        <ul className="list">
          {affected.map((c) => (
            <li key={c.id}>
              <span>{c.name}</span>
              <StatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link href="/dashboard/components">Manage components</Link>
      </p>
    </section>
  );
}
