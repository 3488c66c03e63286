import type { ReactNode } from "react";
import { isDatabaseUnreachable, OUTAGE_RETRY_AFTER_SECONDS } from "@/lib/database-outage";
import { logError } from "@/lib/log";

/**
 * A server-rendered page, or, while the database is out of reach, a page that says so and loads
 * itself again every few seconds, instead of the framework's bare error page.
 */
export async function unlessDatabaseAway(render: () => Promise<ReactNode>): Promise<ReactNode> {
  try {
    return await render();
  } catch (error) {
    if (!isDatabaseUnreachable(error)) throw error;
    logError("Rendering a page", error);
    return <DatabaseUnavailable />;
  }
}

function DatabaseUnavailable() {
  return (
    <main className="centered">
      <meta httpEquiv="refresh" content={String(OUTAGE_RETRY_AFTER_SECONDS)} />
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>The database cannot be reached</h1>
        <p>
          Nothing is lost. This page loads again by itself every {OUTAGE_RETRY_AFTER_SECONDS}{" "}
          seconds and works as soon as the database is back.
        </p>
        <p className="muted">
          Visitors still see the <a href="/">public status page</a>.
        </p>
      </div>
    </main>
  );
}
