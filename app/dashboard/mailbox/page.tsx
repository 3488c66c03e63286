"use client";

import { useQuery } from "@tanstack/react-query";
import { Fragment, useState } from "react";
import { apiFetch } from "@/lib/client/api";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { useCan } from "../actor";
import { OutgoingMailNotice } from "./outgoing-notice";

type Message = {
  id: string;
  messageId: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  createdAt: string;
};

const URL_PATTERN = /(https?:\/\/[^\s<>]+)/g;

/** The text part with its links clickable; everything else stays text. */
function TextWithLinks({ text }: { text: string }) {
  return (
    <pre className="mail-text">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </pre>
  );
}

function MessageView({ message }: { message: Message }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="card stack" data-testid="mail">
      <div className="page-header">
        <h2 className="mail-subject">{message.subject}</h2>
        <span className="muted">{new Date(message.createdAt).toLocaleString()}</span>
      </div>
      <p className="muted">To {message.to}</p>
      <div className="row">
        <button
          type="button"
          className="secondary"
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {open ? "Hide message" : "Show message"}
        </button>
      </div>
      {open && (
        <>
          <TextWithLinks text={message.text} />
          <details>
            <summary>Headers</summary>
            <dl className="mail-headers">
              {Object.entries(message.headers).map(([name, value]) => (
                <Fragment key={name}>
                  <dt>{name}</dt>
                  <dd>{value}</dd>
                </Fragment>
              ))}
            </dl>
          </details>
        </>
      )}
    </li>
  );
}

export default function MailboxPage() {
  const isAdmin = useCan("admin");
  const mailbox = useQuery({
    queryKey: ["mailbox"],
    queryFn: () => apiFetch<{ local: boolean; messages: Message[] }>("/v1/mailbox"),
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
