import { z } from "zod";
import { uuid } from "@/lib/http/fields";

export const MailboxMessage = z
  .object({
    id: uuid(),
    messageId: z.string(),
    from: z.string(),
    to: z.string(),
    subject: z.string(),
    text: z.string().describe("The text part, as sent."),
    html: z.string().describe("The HTML part, as sent."),
    headers: z.record(z.string(), z.string()),
    createdAt: z.date(),
  })
  .meta({ id: "MailboxMessage" });

export const Mailbox = z
  .object({
    local: z
      .boolean()
      .describe("True while mail is kept here (no SMTP_URL); false once it leaves through SMTP."),
    messages: z.array(MailboxMessage).describe("The 100 newest, newest first."),
  })
  .meta({ id: "Mailbox" });
