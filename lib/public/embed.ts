import { html } from "@/lib/content/html";
import { assetLink } from "./assets";
import type { PublicData } from "./load";
import { overallOf } from "./overall";
import type { View } from "./view";

/**
 * `/widget.json`: what a widget on another site shows — the overall status, what is wrong now,
 * and where to read more. `/embed.js` reads it.
 */
export function widgetJson(data: PublicData, view: View) {
  const { indicator } = overallOf(data);
  return {
    page: {
      name: data.workspace.name,
      url: view.url("/"),
      updatedAt: data.updatedAt.toISOString(),
    },
    locale: view.locale,
    status: { indicator, description: view.tr.t(`overall.${indicator}`) },
    incidents: data.incidents
      .filter((i) => i.status !== "resolved")
      .map((i) => ({
        id: i.id,
        name: i.title,
        status: i.status,
        impact: i.impact,
        url: view.url(`/incidents/${i.id}`),
        updatedAt: i.updatedAt.toISOString(),
      })),
    maintenances: data.maintenances
      .filter((m) => m.status === "in_progress")
      .map((m) => ({
        id: m.id,
        name: m.title,
        status: m.status,
        url: view.url(`/maintenance/${m.id}`),
        startsAt: m.startsAt.toISOString(),
        endsAt: m.endsAt.toISOString(),
      })),
  };
}

/** `/embed`: the status as a small page for another site's iframe; the link opens the page. */
export function embedPage(data: PublicData, view: View): string {
  const { t } = view.tr;
  const ws = data.workspace;
  const overall = overallOf(data);
  const active = data.incidents.filter((i) => i.status !== "resolved").length;
  return html`<!doctype html>
<html lang="${view.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${t("page.title", { name: ws.name })}</title>
<link rel="stylesheet" href="${assetLink("/status.css")}">
</head>
<body class="embed">
<a class="embed-pill indicator-${overall.indicator}" href="${view.url("/")}" target="_blank" rel="noopener" aria-label="${t("text.labelled", { label: t("embed.open", { name: ws.name }), value: t(`overall.${overall.indicator}`) })}">
<span class="embed-dot" aria-hidden="true"></span>
<span class="embed-text"><strong>${t(`overall.${overall.indicator}`)}</strong>${active ? html` · ${t("embed.incidents", { count: active })}` : ""}</span>
</a>
</body>
</html>
`.value;
}
