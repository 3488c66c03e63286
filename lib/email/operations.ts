import { defineOperation } from "@/lib/http/operation";
import { Mailbox } from "./schemas";

export const getMailbox = defineOperation({
  id: "getMailbox",
  method: "GET",
  path: "/v1/mailbox",
  tag: "Subscribers",
  summary: "The local mailbox",
  description:
    "Without SMTP_URL, mail is not sent but kept here: confirmations, notifications and invitations, exactly as they would have left.",
  access: "admin",
  response: Mailbox,
  status: 200,
});
