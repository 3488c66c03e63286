import { frontGate } from "@/lib/http/request";

// Pages and static assets pass the front gate here; /v1, /auth and /openapi.json apply it in their
// handlers (so in-process tests see it too), and /health is always open.
export function proxy(request: Request): Response | undefined {
  return frontGate(request) ?? undefined;
}

export const config = {
  matcher: ["/((?!v1/|v1$|auth/|health$|openapi\\.json$).*)"],
};
