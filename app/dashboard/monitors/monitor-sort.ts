import type { LiveMonitor, Monitor, MonitorState } from "../api-types";
import { stateOf } from "./monitor-words";

/** One monitor of the list with what it is sorted and filtered by. */
export type MonitorLine = {
  monitor: Monitor;
  live: LiveMonitor | undefined;
  state: MonitorState;
  /** The slowest region's latest check; null for a heartbeat or before the first check. */
  latencyMs: number | null;
  /** Over 30 days; null without checks, undefined while it loads. */
  uptime: number | null | undefined;
};

export type SortColumn = "name" | "state" | "latency" | "uptime";
export type Direction = "ascending" | "descending";
export type Sort = { column: SortColumn; direction: Direction };

/** How bad a state is: sorting by state descending puts the worst first. */
const SEVERITY: Record<MonitorState, number> = {
  paused: 0,
  up: 1,
  pending: 2,
  degraded: 3,
  down: 4,
};

/** A first click sorts the way one looks for trouble: worst state, slowest, least uptime first. */
export const FIRST_DIRECTION: Record<SortColumn, Direction> = {
  name: "ascending",
  state: "descending",
  latency: "descending",
  uptime: "ascending",
};

export function lineOf(
  monitor: Monitor,
  live: LiveMonitor | undefined,
  uptime: Map<string, number | null> | undefined,
): MonitorLine {
  const timed = monitor.type === "heartbeat" ? [] : (live?.results ?? []);
  return {
    monitor,
    live,
    state: stateOf(monitor, live),
    latencyMs: timed.length ? Math.max(...timed.map((r) => r.latencyMs)) : null,
    uptime: uptime?.get(monitor.id),
  };
}

const byName = (a: MonitorLine, b: MonitorLine) =>
  a.monitor.name.localeCompare(b.monitor.name, undefined, { sensitivity: "base" });

const valueOf = (line: MonitorLine, column: Exclude<SortColumn, "name">) =>
  column === "state" ? SEVERITY[line.state] : column === "latency" ? line.latencyMs : line.uptime;

/** The lines in the order asked for; those without a value last either way, ties by name. */
export function sortLines(lines: MonitorLine[], sort: Sort | null): MonitorLine[] {
  if (!sort) return lines;
  const { column } = sort;
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...lines].sort((a, b) => {
    if (column === "name") return byName(a, b) * sign;
    const x = valueOf(a, column);
    const y = valueOf(b, column);
    if (x === null || x === undefined || y === null || y === undefined) {
      const missing = Number(x === null || x === undefined) - Number(y === null || y === undefined);
      return missing || byName(a, b);
    }
    return (x - y) * sign || byName(a, b);
  });
}
