export type SourceValue =
  "statuspage" | "statuspage-public" | "instatus" | "betterstack" | "uptime-kuma";
type Ask = "apiKey" | "pageId" | "url" | "pageUrl" | "backup";

/** The sources the dashboard offers, and what each asks for. */
export const SOURCES: readonly {
  value: SourceValue;
  label: string;
  asks: readonly Ask[];
  defaultUrl: string;
  brings: string;
}[] = [
  {
    value: "statuspage",
    label: "Statuspage (with an API key)",
    asks: ["apiKey", "pageId", "url"],
    defaultUrl: "https://api.statuspage.io/v1",
    brings:
      "the page, components and groups, every incident and maintenance with its updates, templates and subscribers",
  },
  {
    value: "statuspage-public",
    label: "Statuspage (a public page, no key)",
    asks: ["pageUrl"],
    defaultUrl: "",
    brings:
      "components, recent incidents and maintenance from the page's public /api/v2 files (no subscribers)",
  },
  {
    value: "instatus",
    label: "Instatus",
    asks: ["apiKey", "pageId", "url"],
    defaultUrl: "https://api.instatus.com",
    brings: "components, incidents, maintenance and email subscribers",
  },
  {
    value: "betterstack",
    label: "Better Stack",
    asks: ["apiKey", "pageId", "url"],
    defaultUrl: "https://uptime.betterstack.com/api/v2",
    brings: "the status page's sections and resources, status reports and email subscribers",
  },
  {
    value: "uptime-kuma",
    label: "Uptime Kuma (backup file)",
    asks: ["backup"],
    defaultUrl: "",
    brings: "monitors (HTTP, keyword, JSON query, port, DNS and push) and monitor groups",
  },
];

export const KIND_LABEL: Record<string, string> = {
  page: "Page",
  group: "Component groups",
  component: "Components",
  incident: "Incidents",
  maintenance: "Maintenance",
  template: "Templates",
  subscriber: "Subscribers",
  monitor: "Monitors",
};

export const ACTION_LABEL: Record<string, string> = {
  create: "New",
  update: "Changed",
  unchanged: "Already here",
  skip: "Skipped",
};
