import { route } from "@/lib/api/api";
import { frontGate } from "@/lib/http/request";

/**
 * Browsers ask for /favicon.ico on their own (for a JSON answer, a feed, an old bookmark): they
 * are sent to the app's icon rather than given a 404.
 */
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: async (request) =>
    frontGate(request) ??
    new Response(null, {
      status: 308,
      headers: { location: "/icon.svg", "cache-control": "public, max-age=86400" },
    }),
});
