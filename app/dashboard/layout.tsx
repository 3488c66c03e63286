import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { ReactNode } from "react";
import { actorFromHeaders } from "@/lib/auth/session";
import { mailIsLocal } from "@/lib/email/transport";
import { isSetUp } from "@/lib/workspace/setup";
import { getWorkspace } from "@/lib/workspace/workspace";
import { ActorProvider } from "./actor";
import { Sidebar } from "./sidebar";

export const dynamic = "force-dynamic";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if (!(await isSetUp())) redirect("/setup");
  const actor = await actorFromHeaders(await headers());
  if (!actor) redirect("/sign-in");
  const workspace = await getWorkspace({ ctx: actor });
  const { userId, email, name, role } = actor;
  return (
    <ActorProvider actor={{ userId, email, name, role }}>
      <div className="shell">
        <Sidebar workspaceName={workspace.name} mailIsLocal={mailIsLocal()} />
        <main className="main">{children}</main>
      </div>
    </ActorProvider>
  );
}
