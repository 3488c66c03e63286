import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { publicSnapshot } from "@/lib/public/snapshot";
import { actorFromHeaders } from "@/lib/auth/session";
import { mailIsLocal } from "@/lib/email/transport";
import { isSetUp } from "@/lib/workspace/setup";
import { getWorkspace } from "@/lib/workspace/workspace";
import { ActorProvider } from "./actor";
import { Sidebar } from "./sidebar";

export const dynamic = "force-dynamic";

/** Every dashboard page is titled "<page> · <status page name>", so tabs and history say which. */
export async function generateMetadata(): Promise<Metadata> {
  const name = await publicSnapshot()
    .then((snapshot) => snapshot.data?.workspace.name ?? "Allclear")
    .catch(() => "Allclear");
  return { title: { template: `%s · ${name}`, absolute: `Overview · ${name}` } };
}

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  if (!(await isSetUp())) redirect("/setup");
  const actor = await actorFromHeaders(await headers());
  if (!actor) redirect("/sign-in");
  const workspace = await getWorkspace({ ctx: actor });
  const { userId, email, name, role } = actor;
  return (
    <ActorProvider actor={{ userId, email, name, role }}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <div className="shell">
        <Sidebar workspaceName={workspace.name} mailIsLocal={mailIsLocal()} />
        <main className="main" id="main" tabIndex={-1}>
          {children}
        </main>
      </div>
    </ActorProvider>
  );
}
