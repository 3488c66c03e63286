"use client";

/**
 * Every moment the dashboard shows is in the viewer's own time zone, with the zone named, in one
 * format: an operator comparing a log line, a delivery and an incident reads them alike. (What is
 * typed is another matter: maintenance times are typed in the workspace's zone, see lib/time/zones.ts.)
 */
export const withZone = (iso: string) =>
  new Date(iso).toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZoneName: "short",
  });

/**
 * A moment as `withZone` words it, marked up as one. The server renders in its own zone, so the
 * browser's differing text replaces it without a hydration warning.
 */
export function Time({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} suppressHydrationWarning>
      {withZone(iso)}
    </time>
  );
}

/**
 * A time axis's tick, in the viewer's zone like `withZone`: the hour when ticks are less than a day
 * apart, else the day. The chart's legend gives the whole moment with `withZone`.
 */
export const axisTick = (seconds: number, stepSeconds: number) =>
  new Date(seconds * 1000).toLocaleString(
    undefined,
    stepSeconds < 86_400
      ? { hour: "2-digit", minute: "2-digit" }
      : { month: "short", day: "numeric" },
  );
