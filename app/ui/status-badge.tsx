import { STATUS_LABEL, type ComponentStatus } from "@/lib/status/labels";

/** The class that colours anything showing a component status, the same on every page. */
export const statusClass = (status: ComponentStatus) => `status status-${status}`;

/** A component status as a coloured pill, in the words visitors read. */
export function StatusBadge({ status }: { status: ComponentStatus }) {
  return <span className={statusClass(status)}>{STATUS_LABEL[status]}</span>;
}
