"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";

type Me = { userId: string; email: string; role: string; workspaceId: string };

export default function OverviewPage() {
  const me = useQuery({ queryKey: ["me"], queryFn: () => apiFetch<Me>("/v1/me") });
  return (
    <>
      <h1>Overview</h1>
      {me.isPending && <p className="skeleton">Loading…</p>}
      {me.isError && (
        <p className="alert" role="alert">
          {me.error.message}
        </p>
      )}
      {me.data && (
        <div className="grid">
          <section className="card">
            <h2>Your account</h2>
            <p className="stat">{me.data.email}</p>
            <p className="muted">
              Role: <span className="badge">{me.data.role}</span>
            </p>
          </section>
          <section className="card">
            <h2>Automate it</h2>
            <p className="muted">
              Everything this dashboard does goes through the <code>/v1</code> API, so scripts can
              do it too.
            </p>
            <a href="/docs">Read the API reference</a>
          </section>
        </div>
      )}
    </>
  );
}
