import { config } from "@/lib/config";
import { buildOpenApi } from "@/lib/http/openapi";
import { frontGate } from "@/lib/http/request";

export function GET(request: Request): Response {
  return frontGate(request) ?? Response.json(buildOpenApi(config().baseUrl));
}
