"use client";

import { createContext, useContext, type ReactNode } from "react";
import type { Role } from "@/lib/contract/roles";

export type DashboardActor = { userId: string; email: string; name: string; role: Role };

/**
 * `allowed`: every role whose actions the member may take, worked out on the server with the rule
 * the API applies, so the browser holds no copy of that rule.
 */
type Dashboard = { actor: DashboardActor; allowed: readonly Role[]; mailIsLocal: boolean };

const ActorContext = createContext<Dashboard | null>(null);

/** `mailIsLocal`: no SMTP server is configured, so nothing leaves the deployment by mail. */
export function ActorProvider({
  actor,
  allowed,
  mailIsLocal,
  children,
}: Dashboard & { children: ReactNode }) {
  return (
    <ActorContext.Provider value={{ actor, allowed, mailIsLocal }}>
      {children}
    </ActorContext.Provider>
  );
}

function useDashboard(): Dashboard {
  const dashboard = useContext(ActorContext);
  if (!dashboard) throw new Error("useActor outside the dashboard");
  return dashboard;
}

/** The signed-in member, as the server saw them when the page loaded. */
export function useActor(): DashboardActor {
  return useDashboard().actor;
}

/** Whether mail stays in the deployment (no SMTP_URL): links meant for one person are not mailed. */
export function useMailIsLocal(): boolean {
  return useDashboard().mailIsLocal;
}

/** Whether the signed-in member may take actions that need `role`; pages hide the rest. */
export function useCan(role: Role): boolean {
  return useDashboard().allowed.includes(role);
}

/** `useCan` for many roles at once, such as a menu's entries. */
export function useAllowed(): (role: Role) => boolean {
  const { allowed } = useDashboard();
  return (role) => allowed.includes(role);
}
