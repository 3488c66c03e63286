import { headers } from "next/headers";
import { redirect } from "next/navigation";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { publicSnapshot } from "@/lib/public/snapshot";
import { REQUESTED_PATH_HEADER } from "@/lib/auth/next-path";
import { actorFromHeaders } from "@/lib/auth/session";
import { roleAtLeast, ROLES } from "@/lib/contract/roles";
import { mailIsLocal } from "@/lib/email/transport";
import { isSetUp } from "@/lib/workspace/setup";
import { getWorkspace } from "@/lib/workspace/workspace";
import { Announcer } from "@/app/ui/announcer";
import { unlessDatabaseAway } from "@/app/ui/database-unavailable";
import { ActorProvider } from "./actor";
import { MainRegion } from "./main-region";
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
  return unlessDatabaseAway(() => dashboardShell(children));
}

async function dashboardShell(children: ReactNode) {
  if (!(await isSetUp())) redirect("/setup");
  const requestHeaders = await headers();
  const actor = await actorFromHeaders(requestHeaders);
  if (!actor) {
    // Back to the page asked for after signing in (sign-in follows same-site paths only).
    const asked = requestHeaders.get(REQUESTED_PATH_HEADER);
    redirect(
      asked && asked !== "/dashboard" ? `/sign-in?next=${encodeURIComponent(asked)}` : "/sign-in",
    );
  }
  const workspace = await getWorkspace({ ctx: actor });
  const { userId, email, name, role } = actor;
  return (
    <ActorProvider
      actor={{ userId, email, name, role }}
      allowed={ROLES.filter((needed) => roleAtLeast(role, needed))}
      mailIsLocal={mailIsLocal()}
    >
      <Announcer>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <div className="shell">
          <Sidebar workspaceName={workspace.name} mailIsLocal={mailIsLocal()} />
          <MainRegion>{children}</MainRegion>
        </div>
      </Announcer>
    </ActorProvider>
  );
}
