import { isSetUp } from "@/lib/workspace/setup";

export const dynamic = "force-dynamic";

export default async function StatusPage() {
  const ready = await isSetUp();
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        {ready ? (
          <>
            <h1>Status</h1>
            <p className="muted">This status page is being prepared.</p>
            <a href="/dashboard">Dashboard</a>
          </>
        ) : (
          <>
            <h1>Welcome to Allclear</h1>
            <p className="muted">This deployment has not been set up yet.</p>
            <a className="button" href="/setup">
              Set up
            </a>
          </>
        )}
      </div>
    </main>
  );
}
