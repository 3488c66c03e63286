import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";
import { config } from "@/lib/config";
import { problemResponse } from "@/lib/http/problem";

// Where Inngest calls comes from BASE_URL alone: an unsigned sync (PUT) registers the app, and
// the request's own Host or X-Forwarded-* headers must not decide the address it registers.
const served = serve({
  client: inngest,
  functions,
  serveOrigin: config().baseUrl,
  servePath: "/api/inngest",
});

type Handler = (request: Request, context: unknown) => Promise<Response>;

// Without Inngest the embedded runner does the work, and nobody may call the functions from
// outside: the endpoint does not exist. With it, Inngest calls here directly, not through the
// front layer (the front gate lets it by); the SDK checks every call's signature.
function onlyWithInngest(handler: Handler): Handler {
  return async (request, context) =>
    config().inngest === "inngest"
      ? handler(request, context)
      : problemResponse(404, "not_found", "Not found", "Background work runs inside this server.");
}

export const GET = onlyWithInngest(served.GET as Handler);
export const POST = onlyWithInngest(served.POST as Handler);
export const PUT = onlyWithInngest(served.PUT as Handler);
export const OPTIONS = onlyWithInngest(async () => new Response(null, { status: 204 }));
