import type { Actor } from "@/lib/contract/actor";
import { ConflictError } from "@/lib/errors";
import { applyBundle } from "./apply";
import type { Bundle } from "./bundle";
import type { ImportInput } from "./schemas";
import { readBetterStack } from "./sources/betterstack";
import { readInstatus } from "./sources/instatus";
import { readStatuspageApi, readStatuspagePublic } from "./sources/statuspage";
import { readUptimeKuma } from "./sources/uptime-kuma";

/** Reads what a source holds, in one shape; 422 `source_unreadable` when it cannot. */
export async function readBundle(input: ImportInput): Promise<Bundle> {
  switch (input.source) {
    case "statuspage":
      return readStatuspageApi(input);
    case "statuspage-public":
      return readStatuspagePublic(input);
    case "instatus":
      return readInstatus(input);
    case "betterstack":
      return readBetterStack(input);
    case "uptime-kuma":
      return readUptimeKuma(input);
  }
}

const running = new Set<string>();

/**
 * Imports from another service into the workspace (docs/design.md §34): a dry run answers what
 * would be created, changed and skipped; a real run does it. One import at a time per workspace.
 */
export async function runImport({ ctx, input }: { ctx: Actor; input: ImportInput }) {
  if (running.has(ctx.workspaceId)) {
    throw new ConflictError(
      "import_running",
      "An import is running in this workspace; wait for it to finish.",
    );
  }
  running.add(ctx.workspaceId);
  try {
    const bundle = await readBundle(input);
    return await applyBundle({ ctx, bundle, dryRun: input.dryRun });
  } finally {
    running.delete(ctx.workspaceId);
  }
}
