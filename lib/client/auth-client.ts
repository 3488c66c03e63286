"use client";

import { createAuthClient } from "better-auth/react";

let client: ReturnType<typeof createAuthClient> | undefined;

/** better-auth's browser client, pointed at this dashboard's own /auth. */
export function authClient() {
  client ??= createAuthClient({ baseURL: window.location.origin, basePath: "/auth" });
  return client;
}
