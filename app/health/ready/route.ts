import { OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/database-outage";
import { databaseReady } from "@/lib/server/readiness";

// For load balancers that want to know the database answers too; /health stays database-free.
export async function GET(): Promise<Response> {
  const ready = await databaseReady();
  return Response.json(
    { status: ready ? "ok" : "unavailable", database: ready ? "ok" : "unreachable" },
    {
      status: ready ? 200 : 503,
      headers: {
        "cache-control": "no-store",
        ...(ready ? {} : { "retry-after": String(OUTAGE_RETRY_AFTER_SECONDS) }),
      },
    },
  );
}
