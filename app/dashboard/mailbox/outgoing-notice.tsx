"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import { Time } from "@/app/ui/time";
import type { Mailbox } from "../api-types";
import { mailboxKeys } from "../query-keys";

/**
 * Says why mail is not leaving while messages wait to be tried again (wrong SMTP credentials, a
 * refused message): such a failure unsubscribes nobody, so this is where an admin learns of it.
 * Shows nothing while mail gets through. For admins: the mailbox is theirs alone. It shares the
 * mailbox page's query, so on that page it costs no request of its own.
 */
export function OutgoingMailNotice() {
  const mailbox = useQuery({
    queryKey: mailboxKeys.all,
    queryFn: () => apiFetch<Mailbox>("/v1/mailbox"),
    refetchInterval: 30_000,
  });
  const problem = mailbox.data?.outgoing.problem;
  if (!problem) return null;
  return (
    <p className="alert" role="status" data-testid="outgoing-mail-problem">
      Mail could not be sent: {problem.error} ({problem.failing}{" "}
      {problem.failing === 1 ? "message" : "messages"} waiting, next try{" "}
      <Time iso={problem.nextAttemptAt} />
      ).
    </p>
  );
}
