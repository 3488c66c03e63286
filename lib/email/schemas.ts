import { z } from "zod";
import { uuid } from "@/lib/contract/fields";

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

export const OutgoingMail = z
  .object({
    waiting: z
      .number()
      .int()
      .describe("Messages not sent yet: due now, or waiting to be tried again."),
    problem: z
      .object({
        error: z
          .string()
          .describe("The latest failure, as the SMTP server answered it or the connection failed."),
        failing: z.number().int().describe("Messages that failed and wait to be tried again."),
        nextAttemptAt: z.date().describe("When the first of them is tried again."),
      })
      .nullable()
      .describe("Null while no message waits to be tried again."),
  })
  .meta({ id: "OutgoingMail" });

export const Mailbox = z
  .object({
    local: z
      .boolean()
      .describe("True while mail is kept here (no SMTP_URL); false once it leaves through SMTP."),
    outgoing: OutgoingMail.describe("Whether the workspace's mail gets through."),
    messages: z.array(MailboxMessage).describe("The 100 newest, newest first."),
  })
  .meta({ id: "Mailbox" });
