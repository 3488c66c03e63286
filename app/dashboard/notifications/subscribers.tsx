"use client";

import { useState } from "react";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { OutgoingMailNotice } from "../mailbox/outgoing-notice";
import { AddSubscriber } from "./add-subscriber";
import { SubscriberRow } from "./subscriber-row";
import { useSubscribers } from "./use-notifications";
import { DataTable } from "@/app/ui/data-table";
import { useStatusPages } from "../pages/use-pages";

/** Email subscribers: who they are, their state, what they follow; adding and deleting. */
export function Subscribers({ names }: { names: Map<string, string> }) {
  const [adding, setAdding] = useState(false);
  const subscribers = useSubscribers({ refetchInterval: 10_000 });
  const pages = useStatusPages().data?.data ?? [];
  // With one page there is nothing to tell apart.
  const pageNames = pages.length > 1 ? new Map(pages.map((p) => [p.id, p.name])) : null;
  return (
    <section className="stack" aria-labelledby="subscribers-heading">
      <div className="page-header">
        <h2 id="subscribers-heading">Email subscribers</h2>
        {!adding && (
          <button type="button" data-opens="add-subscriber" onClick={() => setAdding(true)}>
            Add subscriber
          </button>
        )}
      </div>
      <p className="muted">
        Visitors subscribe on a status page and confirm from a mailed link; each page has its own
        subscribers. Active subscribers get incident and maintenance mail about the components they
        follow; an address that refuses mail is marked bounced and mailed nothing more.
      </p>
      <OutgoingMailNotice />
      {adding && <AddSubscriber onDone={() => setAdding(false)} />}
      {subscribers.isPending && <Loading />}
      <ErrorNotice error={subscribers.error} />
      {subscribers.data?.length === 0 && !adding && <p className="notice">No subscribers yet.</p>}
      {subscribers.data && subscribers.data.length > 0 && (
        <DataTable
          label="Subscribers"
          columns={["Email", ...(pageNames ? ["Page"] : []), "State", "Follows", "Subscribed"]}
          actions
        >
          {subscribers.data.map((subscriber) => (
            <SubscriberRow
              key={subscriber.id}
              subscriber={subscriber}
              names={names}
              pageName={pageNames ? (pageNames.get(subscriber.pageId) ?? "…") : null}
            />
          ))}
        </DataTable>
      )}
    </section>
  );
}
