import { OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/database-outage";
import { readiness } from "@/lib/server/readiness";

// For load balancers and orchestrators that want to know the database answers and the checker
// completes checks; /health stays database-free.
export async function GET(): Promise<Response> {
  const answer = await readiness();
  const ready = answer.status === "ok";
  return Response.json(answer, {
    status: ready ? 200 : 503,
    headers: {
      "cache-control": "no-store",
      ...(ready ? {} : { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) }),
    },
  });
}
