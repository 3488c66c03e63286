"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import type { Mailbox } from "../api-types";
import { mailboxKeys } from "../query-keys";
import { MessageView } from "./message-view";
import { OutgoingMailNotice } from "./outgoing-notice";

export function MailboxView() {
  const isAdmin = useCan("admin");
  const mailbox = useQuery({
    queryKey: mailboxKeys.all,
    queryFn: () => apiFetch<Mailbox>("/v1/mailbox"),
    enabled: isAdmin,
    refetchInterval: 3000,
  });
  if (!isAdmin) {
    return (
      <>
        <h1>Mailbox</h1>
        <p className="notice">Only admins and the owner see the mailbox.</p>
      </>
    );
  }
  return (
    <div className="stack">
      <h1>Mailbox</h1>
      {mailbox.isPending && <Loading />}
      <ErrorNotice error={mailbox.error} />
      {mailbox.data && !mailbox.data.local && (
        <p className="notice">
          Mail leaves through the SMTP server set in SMTP_URL; this mailbox keeps only what was sent
          before that.
        </p>
      )}
      {mailbox.data?.local && (
        <p className="muted">
          No SMTP server is configured (SMTP_URL), so mail is kept here instead of being sent:
          confirmations and incident and maintenance notifications, exactly as they would leave.
          Password resets and invitations are not kept here, since every admin reads this mailbox:
          their links are printed to the server&apos;s log.
        </p>
      )}
      <OutgoingMailNotice />
      {mailbox.data?.messages.length === 0 && <p className="notice">No mail yet.</p>}
      {mailbox.data && mailbox.data.messages.length > 0 && (
        <ul className="plain stack" aria-label="Messages">
          {mailbox.data.messages.map((message) => (
            <MessageView key={message.id} message={message} />
          ))}
        </ul>
      )}
    </div>
  );
}
