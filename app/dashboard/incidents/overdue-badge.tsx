"use client";

import { useEffect, useState } from "react";
import type { IncidentSummary } from "../api-types";

/**
 * "Update overdue" on an open incident whose promised update has not come. The mark appears at
 * the promised moment on a page left open, not only after the next fetch.
 */
export function OverdueBadge({
  incident,
}: {
  incident: Pick<IncidentSummary, "status" | "nextUpdateBy" | "updateOverdue">;
}) {
  const [, rerender] = useState(0);
  const due =
    incident.status !== "resolved" && incident.nextUpdateBy
      ? Date.parse(incident.nextUpdateBy)
      : null;
  useEffect(() => {
    if (due === null) return;
    const wait = due - Date.now();
    if (wait < 0) return;
    const timer = setTimeout(() => rerender((n) => n + 1), Math.min(wait + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [due]);
  const overdue = incident.updateOverdue || (due !== null && due <= Date.now());
  if (!overdue) return null;
  return (
    <span className="badge overdue" title="The update promised to readers has not been posted">
      Update overdue
    </span>
  );
}
