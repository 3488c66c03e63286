import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { config } from "@/lib/config";
import { problemResponse } from "@/lib/http/problem";
import { frontGate } from "@/lib/http/request";

const served = serve({ client: inngest, functions });

type Handler = (request: Request, context: unknown) => Promise<Response>;

// Without Inngest the embedded runner does the work, and nobody may call the functions from
// outside: the endpoint does not exist.
function onlyWithInngest(handler: Handler): Handler {
  return async (request, context) =>
    frontGate(request) ??
    (config().inngest === "inngest"
      ? handler(request, context)
      : problemResponse(404, "not_found", "Not found", "Background work runs inside this server."));
}

export const GET = onlyWithInngest(served.GET as Handler);
export const POST = onlyWithInngest(served.POST as Handler);
export const PUT = onlyWithInngest(served.PUT as Handler);
export const OPTIONS = onlyWithInngest(async () => new Response(null, { status: 204 }));
