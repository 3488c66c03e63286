import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { config } from "@/lib/config";
import { isSetUp } from "@/lib/workspace/setup";
import { unlessDatabaseAway } from "@/app/ui/database-unavailable";
import { SetupForm } from "./setup-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up" };

export default async function SetupPage() {
  return unlessDatabaseAway(setupPage);
}

async function setupPage() {
  if (await isSetUp()) redirect("/sign-in");
  return (
    <main className="centered">
      <div className="card">
        <p className="brand">Allclear</p>
        <h1>Set up your status page</h1>
        <p className="muted">
          Name your workspace and create the owner account. This is done once.
        </p>
        <SetupForm askForToken={Boolean(config().setupToken)} />
      </div>
    </main>
  );
}
