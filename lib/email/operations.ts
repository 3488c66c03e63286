import { defineOperation } from "@/lib/contract/operation";
import { Mailbox } from "./schemas";

export const getMailbox = defineOperation({
  id: "getMailbox",
  method: "GET",
  path: "/v1/mailbox",
  tag: "Subscribers",
  summary: "The local mailbox",
  description:
    "Without SMTP_URL, mail is not sent but kept here: confirmations and incident and maintenance notifications, exactly as they would have left. Password resets and invitations are never kept here (every admin reads this mailbox): their links are printed to the server's log. `outgoing` says whether mail gets through: a send the SMTP server refuses as a whole (wrong credentials, a refused message, no connection) is tried again on the retry schedule and changes nobody's subscription; only an address refused at RCPT TO (550, 551, 553, or a 5.1.x status) marks its subscriber bounced.",
  access: "admin",
  response: Mailbox,
  status: 200,
});
