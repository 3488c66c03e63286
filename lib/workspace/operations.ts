import { defineOperation } from "@/lib/contract/operation";
import { Me, PatchWorkspaceInput, SetupInput, SetupResult, Workspace } from "./schemas";

export const setup = defineOperation({
  id: "setup",
  method: "POST",
  path: "/v1/setup",
  tag: "Workspace",
  summary: "First-run setup",
  description:
    "Creates the workspace and its owner, and signs the owner in (the answer sets the session cookie). Works once per deployment. When the deployment was started with SETUP_TOKEN, send it in the `x-setup-token` header (403 `forbidden` otherwise). Without SETUP_TOKEN, a call from the server's own machine (its TCP peer is loopback) needs no token; from anywhere else, send the one-time token of the setup link the server printed in its log when it started (403 `setup_token_required` otherwise).",
  access: "public",
  body: SetupInput,
  response: SetupResult,
  status: 201,
  problems: [
    { status: 403, code: "forbidden" },
    { status: 403, code: "setup_token_required" },
    { status: 409, code: "already_set_up" },
  ],
});

export const getMe = defineOperation({
  id: "getMe",
  method: "GET",
  path: "/v1/me",
  tag: "Workspace",
  summary: "The signed-in member",
  access: "viewer",
  response: Me,
  status: 200,
});

export const getWorkspace = defineOperation({
  id: "getWorkspace",
  method: "GET",
  path: "/v1/workspace",
  tag: "Workspace",
  summary: "The workspace: the name and time zone the public page shows",
  access: "viewer",
  response: Workspace,
  status: 200,
});

export const patchWorkspace = defineOperation({
  id: "patchWorkspace",
  method: "PATCH",
  path: "/v1/workspace",
  tag: "Workspace",
  summary: "Rename the workspace or change the public page's time zone",
  description:
    "The public page shows the name, and its days and `time_zone` follow the time zone (an IANA name such as `Europe/Berlin`; default `Etc/UTC`).",
  access: "admin",
  body: PatchWorkspaceInput,
  readOnly: ["id", "createdAt"],
  response: Workspace,
  status: 200,
});
