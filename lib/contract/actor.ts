import type { Role } from "./roles";

/** Whom the audit log names for a change: a member, an API token, a monitor or the scheduler. */
export type AuditActor = {
  type: "user" | "token" | "monitor" | "system";
  id: string | null;
  name: string;
};

/** Who is making a request: the signed-in member and the workspace every query is scoped to. */
export type Actor = {
  /** The member; for an API token, the member who created it. */
  userId: string;
  email: string;
  name: string;
  /** The member's role; for an API token, the token's. */
  role: Role;
  workspaceId: string;
  /** Null for a request made with an API token. */
  sessionId: string | null;
  /** The API token a request was made with; null for a session. */
  tokenId: string | null;
  /** Who the audit log names for what this request changes. */
  by: AuditActor;
  /**
   * The workspace's data version (see workspaceDataVersion) as this request began: read with the
   * session at no extra cost, it tells a copy kept in memory whether it is still current.
   */
  dataVersion: string;
};

/** The scheduler, named for the changes it makes on its own (a maintenance window starting). */
export const SYSTEM_ACTOR: AuditActor = { type: "system", id: null, name: "Scheduler" };
