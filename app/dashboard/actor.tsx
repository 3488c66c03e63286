"use client";

import { createContext, useContext, type ReactNode } from "react";
import { roleAtLeast, type Role } from "@/lib/workspace/roles";

export type DashboardActor = { userId: string; email: string; name: string; role: Role };

const ActorContext = createContext<DashboardActor | null>(null);

export function ActorProvider({ actor, children }: { actor: DashboardActor; children: ReactNode }) {
  return <ActorContext.Provider value={actor}>{children}</ActorContext.Provider>;
}

/** The signed-in member, as the server saw them when the page loaded. */
export function useActor(): DashboardActor {
  const actor = useContext(ActorContext);
  if (!actor) throw new Error("useActor outside the dashboard");
  return actor;
}

/** Whether the signed-in member may take actions that need `role`; pages hide the rest. */
export function useCan(role: Role): boolean {
  return roleAtLeast(useActor().role, role);
}
