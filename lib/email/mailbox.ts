import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import type { Actor } from "@/lib/contract/actor";
import { readOutgoingMail } from "./outgoing";
import { PERSONAL_KINDS } from "./queue";
import { mailIsLocal } from "./transport";

const { mailboxMessage, emailMessage } = schema;

/**
 * Whether a kept message was a password reset or an invitation. Versions before kept them here;
 * the migration that came with the change deleted them, and this keeps any that an instance
 * still running the older version wrote since out of sight. The Message-ID names the message's
 * row (`<id@domain>`), so the lookup goes by its primary key.
 */
const personal = sql`exists (select 1 from ${emailMessage} where ${emailMessage.id} = (case
  when ${mailboxMessage.messageId} ~ '^<[0-9a-f-]{36}@' then substr(${mailboxMessage.messageId}, 2, 36)::uuid
  end) and ${inArray(emailMessage.kind, [...PERSONAL_KINDS])})`;

/** The workspace's newest locally kept mail, and whether its outgoing mail gets through. */
export async function readMailbox({ ctx }: { ctx: Actor }) {
  const db = await getDb();
  const read = db
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
    .where(and(eq(mailboxMessage.workspaceId, ctx.workspaceId), sql`not ${personal}`))
    .orderBy(desc(mailboxMessage.createdAt), desc(mailboxMessage.id))
    .limit(100);
  const [outgoing, messages] = await Promise.all([readOutgoingMail({ ctx }), read]);
  return { local: mailIsLocal(), outgoing, messages };
}
