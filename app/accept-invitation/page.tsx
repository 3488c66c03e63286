import type { Metadata } from "next";
import Link from "next/link";
import { previewInvitation } from "@/lib/members/members";
import { unlessDatabaseAway } from "@/app/ui/database-unavailable";
import { AcceptForm } from "./accept-form";

export const metadata: Metadata = { title: "Join the team" };

export const dynamic = "force-dynamic";

const PROBLEM = {
  used: "This invitation has already been used. If it was yours, sign in instead.",
  expired: "This invitation has expired. Ask an admin to send you a new one.",
  invalid:
    "This invitation link is not valid. Copy the whole link from the invitation, or ask for a new one.",
} as const;

export default async function AcceptInvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return unlessDatabaseAway(() => invitationPage(typeof token === "string" ? token : ""));
}

async function invitationPage(token: string) {
  const preview = token ? await previewInvitation(token) : ({ state: "invalid" } as const);
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Join the team</h1>
        {preview.state === "valid" ? (
          <>
            <p>
              You are invited to <strong>{preview.workspaceName}</strong> as{" "}
              <strong>{preview.role}</strong>, with the address <strong>{preview.email}</strong>.
            </p>
            <p className="muted">Choose your name and a password to accept the invitation.</p>
            <AcceptForm token={token} />
          </>
        ) : (
          <>
            <p className="alert" role="alert">
              {PROBLEM[preview.state]}
            </p>
            <p>
              <Link href="/sign-in">Sign in</Link>
            </p>
          </>
        )}
      </div>
    </main>
  );
}
