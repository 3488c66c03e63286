// `npm run import -- <source> …`: imports into a running Allclear through its API, as the
// dashboard's Settings → Import does (docs/import.md). ALLCLEAR_URL is where it runs
// (http://localhost:3000 if unset) and ALLCLEAR_TOKEN an admin API token.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";

const USAGE = `Usage: npm run import -- <source> [options]

Sources:
  statuspage         --api-key KEY --page-id ID [--url https://api.statuspage.io/v1]
  statuspage-public  --url https://status.example.com   (a page's public /api/v2 files)
  instatus           --api-key KEY --page-id ID [--url https://api.instatus.com]
  betterstack        --api-key KEY --page-id ID [--url https://uptime.betterstack.com/api/v2]
  uptime-kuma        --file Uptime_Kuma_Backup.json

Options:
  --dry-run   print what would be created, changed and skipped, and change nothing
  --json      print the report as JSON
The source's key may come from SOURCE_API_KEY instead of --api-key (kept out of shell history).
ALLCLEAR_URL (default http://localhost:3000) and ALLCLEAR_TOKEN (an admin API token) say where to import.`;

type Report = {
  dryRun: boolean;
  page: { name: string; isDefault: boolean } | null;
  counts: Record<string, Record<string, number>>;
  items: { kind: string; name: string; action: string; note?: string }[];
  subscribers: { confirmed: number; optIn: number };
};

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      "api-key": { type: "string" },
      "page-id": { type: "string" },
      url: { type: "string" },
      file: { type: "string" },
      "dry-run": { type: "boolean", default: false },
      json: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  const source = positionals[0];
  if (values.help || !source) fail(USAGE);
  const token = process.env.ALLCLEAR_TOKEN;
  if (!token) fail("Set ALLCLEAR_TOKEN to an admin API token (Settings → API tokens).");
  const base = (process.env.ALLCLEAR_URL ?? "http://localhost:3000").replace(/\/+$/, "");
  const apiKey = values["api-key"] ?? process.env.SOURCE_API_KEY;
  const body: Record<string, unknown> = { source, dryRun: values["dry-run"] };
  if (source === "uptime-kuma") {
    if (!values.file) fail("uptime-kuma needs --file, the backup Uptime Kuma exported.");
    try {
      body.backup = JSON.parse(await readFile(values.file, "utf8"));
    } catch (error) {
      fail(`${values.file} could not be read as JSON: ${(error as Error).message}`);
    }
  } else {
    if (values.url) body.url = values.url;
    if (source !== "statuspage-public") {
      body.apiKey = apiKey;
      body.pageId = values["page-id"];
    }
  }
  let response: Response;
  try {
    response = await fetch(`${base}/v1/imports`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch (error) {
    fail(`Allclear at ${base} could not be reached: ${(error as Error).message}`);
  }
  const answer = (await response.json().catch(() => null)) as
    (Report & { detail?: string; errors?: { field: string; message: string }[] }) | null;
  if (!response.ok) {
    const fields = answer?.errors?.map((e) => `  ${e.field}: ${e.message}`).join("\n");
    fail(
      `Refused (${response.status}): ${answer?.detail ?? response.statusText}${fields ? `\n${fields}` : ""}`,
    );
  }
  if (values.json) {
    console.log(JSON.stringify(answer, null, 2));
    return;
  }
  print(answer!);
}

function print(report: Report) {
  console.log(report.dryRun ? "Dry run: nothing was changed.\n" : "Imported.\n");
  if (report.page) {
    console.log(`Page: ${report.page.name}${report.page.isDefault ? " (the first page)" : ""}`);
  }
  for (const item of report.items) {
    const verb =
      { create: "create", update: "change", unchanged: "keep", skip: "skip" }[item.action] ??
      item.action;
    console.log(
      `  ${verb.padEnd(7)} ${item.kind.padEnd(12)} ${item.name}${item.note ? ` — ${item.note}` : ""}`,
    );
  }
  console.log("\nTotals:");
  for (const [kind, counts] of Object.entries(report.counts)) {
    const parts = Object.entries(counts).filter(([, n]) => n > 0);
    if (parts.length)
      console.log(`  ${kind.padEnd(12)} ${parts.map(([a, n]) => `${n} ${a}`).join(", ")}`);
  }
  const { confirmed, optIn } = report.subscribers;
  if (confirmed || optIn) {
    console.log(
      `\nSubscribers: ${confirmed} imported as confirmed (confirmed at the source), ${optIn} ${report.dryRun ? "would be" : ""} sent one opt-in mail.`.replace(
        "  ",
        " ",
      ),
    );
  }
}

await main();
