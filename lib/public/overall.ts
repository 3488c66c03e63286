import { overallStatus, type OverallStatus } from "@/lib/status/labels";
import type { PublicData } from "./load";

/** The overall status of what the page shows now (the one rule of `overallStatus`). */
export function overallOf(data: PublicData): OverallStatus {
  return overallStatus({
    components: data.components.map((c) => c.status),
    impacts: data.incidents.filter((i) => i.status !== "resolved").map((i) => i.impact),
    maintenance: data.maintenances.some((m) => m.status === "in_progress"),
  });
}
