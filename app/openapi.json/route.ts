import { config } from "@/lib/config";
import { optionsFor } from "@/lib/api/api";
import { etagMatches } from "@/lib/http/etag";
import { openApiDocument } from "@/lib/api/openapi";
import { frontGate } from "@/lib/http/request";

export function GET(request: Request): Response {
  const refused = frontGate(request);
  if (refused) return refused;
  const { json, etag } = openApiDocument(config().baseUrl);
  const headers = { etag, "cache-control": "no-cache" };
  if (etagMatches(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(json, { headers: { ...headers, "content-type": "application/json" } });
}

export const OPTIONS = optionsFor(["GET"]);
