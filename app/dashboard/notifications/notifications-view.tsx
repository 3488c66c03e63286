"use client";

import { useState } from "react";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { useComponentNames } from "../components/use-components";
import { AddEndpoint } from "./add-endpoint";
import { EndpointCard } from "./endpoint-card";
import { Subscribers } from "./subscribers";
import { useEndpoints } from "./use-notifications";

export function NotificationsView() {
  const isAdmin = useCan("admin");
  const [adding, setAdding] = useState(false);
  const names = useComponentNames();
  const endpoints = useEndpoints({ enabled: isAdmin, refetchInterval: 10_000 });

  if (!isAdmin) {
    return (
      <>
        <h1>Notifications</h1>
        <p className="notice">Only admins and the owner manage notifications.</p>
      </>
    );
  }
  return (
    <div className="stack">
      <div className="page-header">
        <h1>Notifications</h1>
        {!adding && (
          <button type="button" data-opens="page-form" onClick={() => setAdding(true)}>
            Add endpoint
          </button>
        )}
      </div>
      <p className="muted">
        Endpoints receive every incident and maintenance event about the components they follow:
        signed JSON for webhooks, a message in each chat tool&apos;s own format, and for PagerDuty
        and Opsgenie one alert per incident, opened and closed with it. Failed deliveries are
        retried on a schedule (by default for about 18 minutes).
      </p>
      {adding && <AddEndpoint onDone={() => setAdding(false)} />}
      {endpoints.isPending && <Loading />}
      <ErrorNotice error={endpoints.error} />
      {endpoints.data?.length === 0 && !adding && <p className="notice">No endpoints yet.</p>}
      {endpoints.data && endpoints.data.length > 0 && (
        <ul className="plain stack" aria-label="Endpoints">
          {endpoints.data.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} names={names} />
          ))}
        </ul>
      )}
      <Subscribers names={names} />
    </div>
  );
}
