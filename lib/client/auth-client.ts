"use client";

import { twoFactorClient } from "better-auth/client/plugins";
import { createAuthClient } from "better-auth/react";

function create() {
  return createAuthClient({
    baseURL: window.location.origin,
    basePath: "/auth",
    plugins: [twoFactorClient()],
  });
}

let client: ReturnType<typeof create> | undefined;

/** better-auth's browser client, pointed at this dashboard's own /auth. */
export function authClient() {
  client ??= create();
  return client;
}
