import type { Metadata } from "next";
import { AcceptForm } from "./accept-form";

export const metadata: Metadata = { title: "Join the team" };

export default async function AcceptInvitationPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Join the team</h1>
        {typeof token === "string" && token ? (
          <>
            <p className="muted">Choose your name and a password to accept the invitation.</p>
            <AcceptForm token={token} />
          </>
        ) : (
          <p className="alert">
            This invitation link is incomplete. Copy the whole link from the invitation.
          </p>
        )}
      </div>
    </main>
  );
}
