import { desc, eq } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import type { Actor } from "@/lib/auth/session";
import { mailIsLocal } from "./transport";

const { mailboxMessage } = schema;

/** The workspace's newest locally kept mail. */
export async function readMailbox({ ctx }: { ctx: Actor }) {
  const db = await getDb();
  const messages = await db
    .select({
      id: mailboxMessage.id,
      messageId: mailboxMessage.messageId,
      from: mailboxMessage.fromAddress,
      to: mailboxMessage.toAddress,
      subject: mailboxMessage.subject,
      text: mailboxMessage.text,
      html: mailboxMessage.html,
      headers: mailboxMessage.headers,
      createdAt: mailboxMessage.createdAt,
    })
    .from(mailboxMessage)
    .where(eq(mailboxMessage.workspaceId, ctx.workspaceId))
    .orderBy(desc(mailboxMessage.createdAt), desc(mailboxMessage.id))
    .limit(100);
  return { local: mailIsLocal(), messages };
}
