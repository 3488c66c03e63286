import type { Role } from "./roles";

/** Who is making a request: the signed-in member and the workspace every query is scoped to. */
export type Actor = {
  userId: string;
  email: string;
  name: string;
  role: Role;
  workspaceId: string;
  sessionId: string;
  /**
   * The workspace's data version (see workspaceDataVersion) as this request began: read with the
   * session at no extra cost, it tells a copy kept in memory whether it is still current.
   */
  dataVersion: string;
};
