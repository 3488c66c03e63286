import type { Metadata } from "next";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { config } from "@/lib/config";
import { socketPeer } from "@/lib/http/socket-peer";
import { isLoopback } from "@/lib/net/targets";
import { isSetUp } from "@/lib/workspace/setup";
import { unlessDatabaseAway } from "@/app/ui/database-unavailable";
import { SetupForm } from "./setup-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up" };

type Props = { searchParams: Promise<{ token?: string | string[] }> };

export default async function SetupPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return unlessDatabaseAway(() => setupPage(typeof token === "string" ? token : null));
}

/**
 * The setup link the server prints carries its one-time token, which the form sends on. Without
 * it, a visitor on another machine is asked for a token: SETUP_TOKEN, or the printed link's.
 */
async function setupPage(linkToken: string | null) {
  if (await isSetUp()) redirect("/sign-in");
  const peer = socketPeer(await headers());
  const onThisMachine = peer !== null && isLoopback(peer);
  const needsToken = Boolean(config().setupToken) || !onThisMachine;
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Set up your status page</h1>
        <p className="muted">
          Name your workspace and create the owner account. This is done once.
        </p>
        {needsToken && !config().setupToken && !linkToken && (
          <p className="notice">
            Setting up from another machine needs the one-time token of the setup link that the
            server printed in its log when it started: open that link, or paste its token below.
          </p>
        )}
        <SetupForm
          askForToken={needsToken && !linkToken}
          linkToken={linkToken}
          tokenHint={
            config().setupToken
              ? "The SETUP_TOKEN this deployment was started with."
              : "The token at the end of the setup link in the server's log."
          }
        />
      </div>
    </main>
  );
}
