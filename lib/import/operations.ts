import { defineOperation } from "@/lib/contract/operation";
import { ImportInput, ImportReport } from "./schemas";

export const runImport = defineOperation({
  id: "runImport",
  method: "POST",
  path: "/v1/imports",
  tag: "Import",
  summary: "Import from Statuspage, Instatus, Better Stack or Uptime Kuma",
  description:
    "Reads the source (with its API key, used once and never stored; or a page's public `/api/v2` files; or an Uptime Kuma backup) and brings its page, components, incident and maintenance history, templates, subscribers and monitors over, keeping their times. `dryRun: true` answers the same report and changes nothing. Importing again changes only what changed at the source. Subscribers are imported as confirmed only when the source says they confirmed; the others are sent one opt-in mail. 422 `source_unreadable` when the source cannot be read.",
  access: "admin",
  body: ImportInput,
  response: ImportReport,
  status: 200,
  bodyLimit: 5 * 1024 * 1024,
  problems: [
    { status: 422, code: "source_unreadable" },
    { status: 409, code: "import_running" },
  ],
});
