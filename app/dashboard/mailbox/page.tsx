import type { Metadata } from "next";
import { MailboxView } from "./mailbox-view";

export const metadata: Metadata = { title: "Mailbox" };

export default function MailboxPage() {
  return <MailboxView />;
}
