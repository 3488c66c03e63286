"use client";

import { Fragment, useState } from "react";
import { Time } from "@/app/ui/time";
import type { MailboxMessage } from "../api-types";

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

export function MessageView({ message }: { message: MailboxMessage }) {
  const [open, setOpen] = useState(false);
  return (
    <li className="card stack" data-testid="mail">
      <div className="page-header">
        <h2 className="mail-subject">{message.subject}</h2>
        <span className="muted">
          <Time iso={message.createdAt} />
        </span>
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
