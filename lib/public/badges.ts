import { xml } from "@/lib/content/html";
import type { Indicator } from "@/lib/status/labels";
import { UPTIME_DAYS, type PublicData } from "./load";
import { overallOf } from "./overall";
import { rendered, type Rendered } from "./snapshot";
import type { View } from "./view";

/**
 * Badges in the shields.io style, for READMEs and other sites: the overall status, and a
 * component's (or every component's) uptime over the last days. White text on colours that
 * give it 4.5:1.
 */

const LABEL_COLOR = "#555555";
const INDICATOR_COLOR: Record<Indicator, string> = {
  none: "#1a7f37",
  maintenance: "#2b6cb0",
  minor: "#8a5a00",
  major: "#b4410b",
  critical: "#c53030",
};

/** About how wide text is in 11 px Verdana: wide scripts take about a full em a character. */
function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += /[\u1100-\uffff]/.test(char) ? 11 : 7;
  return width;
}

/** A shields-style badge; `name` is what it says as a sentence (its title and accessible name). */
export function badgeSvg(label: string, value: string, color: string, name: string): string {
  const left = textWidth(label) + 10;
  const right = textWidth(value) + 10;
  const width = left + right;
  return xml`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="20" role="img" aria-label="${name}">
<title>${name}</title>
<linearGradient id="s" x2="0" y2="100%"><stop offset="0" stop-color="#bbb" stop-opacity=".1"/><stop offset="1" stop-opacity=".1"/></linearGradient>
<clipPath id="r"><rect width="${width}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${left}" height="20" fill="${LABEL_COLOR}"/><rect x="${left}" width="${right}" height="20" fill="${color}"/><rect width="${width}" height="20" fill="url(#s)"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${left / 2}" y="14">${label}</text><text x="${left + right / 2}" y="14">${value}</text>
</g>
</svg>
`.value;
}

const problem = (status: number, code: string, detail: string) =>
  rendered(
    "problem",
    JSON.stringify({
      type: "about:blank",
      status,
      code,
      title: status === 404 ? "Not found" : "Invalid request",
      detail,
    }),
    status,
  );

/** The uptime of the last `days` days: the mean of the days with data, of the components. */
function uptimeOver(data: PublicData, ids: string[], days: number): number | null {
  const percents = ids.flatMap((id) =>
    data.uptime
      .get(id)!
      .days.slice(-days)
      .flatMap((day) => (day.percent === null ? [] : [day.percent])),
  );
  if (!percents.length) return null;
  return Math.floor((percents.reduce((sum, p) => sum + p, 0) / percents.length) * 100) / 100;
}

const uptimeColor = (percent: number) =>
  percent >= 99.9 ? "#1a7f37" : percent >= 99 ? "#5a7a00" : percent >= 95 ? "#8a5a00" : "#c53030";

/** The normalized question a badge answers, or the problem with how it was asked. */
export function badgeQuery(
  data: PublicData,
  file: string,
  search: URLSearchParams,
): { file: "status" } | { file: "uptime"; ids: string[]; days: number } | Rendered {
  if (file === "status.svg") return { file: "status" };
  if (file !== "uptime.svg") {
    return problem(404, "not_found", "There are two badges: status.svg and uptime.svg.");
  }
  const daysParam = search.get("days");
  const days = daysParam === null ? 30 : Number(daysParam);
  if (!Number.isInteger(days) || days < 1 || days > UPTIME_DAYS) {
    return problem(400, "invalid_days", `days must be a whole number from 1 to ${UPTIME_DAYS}.`);
  }
  const component = search.get("component");
  if (component === null) return { file: "uptime", ids: data.components.map((c) => c.id), days };
  const wanted = component.toLowerCase();
  const found =
    data.components.find((c) => c.id === wanted) ?? data.groups.find((g) => g.id === wanted);
  if (!found) return problem(404, "component_not_found", "No component or group has that id.");
  return { file: "uptime", ids: [found.id], days };
}

export function badgeAnswer(
  data: PublicData,
  view: View,
  query: { file: "status" } | { file: "uptime"; ids: string[]; days: number },
): Rendered {
  const { t } = view.tr;
  const badge = (label: string, value: string, color: string) =>
    rendered("svg", badgeSvg(label, value, color, t("text.labelled", { label, value })));
  if (query.file === "status") {
    const { indicator } = overallOf(data);
    const value = indicator === "none" ? t("component.operational") : t(`overall.${indicator}`);
    return badge(t("badge.status"), value, INDICATOR_COLOR[indicator]);
  }
  const percent = uptimeOver(data, query.ids, query.days);
  return percent === null
    ? badge(t("badge.uptime"), t("badge.noData"), LABEL_COLOR)
    : badge(
        t("badge.uptime"),
        t("text.percent", { percent: view.tr.percent(percent) }),
        uptimeColor(percent),
      );
}
