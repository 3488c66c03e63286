import { defineOperation } from "@/lib/contract/operation";
import { FAVICON_TYPES } from "./images";
import {
  ImageParams,
  Me,
  PatchWorkspaceInput,
  SetupInput,
  SetupResult,
  Workspace,
} from "./schemas";

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
  summary: "Rename the workspace, or change how its public page looks and speaks",
  description:
    "The public page shows the name, and its days and `time_zone` follow the time zone (an IANA name such as `Europe/Berlin`; default `Etc/UTC`). `defaultLocale` is its language for visitors whose browser asks for none it speaks. `accentColor` (links, buttons) must reach 4.5:1 against the page's light backgrounds, `accentColorDark` against its dark ones (left out, it is derived from `accentColor`); a colour that does not is refused naming the ratio. Up to 5 `headerLinks` (https), a `supportUrl` (https or mailto), `footerText` in Markdown, and `showPoweredBy`. Logos and the favicon are put with `PUT /v1/workspace/images/{kind}`. `updateCadenceMinutes` (5–1440, or null) is the team's update cadence: an incident update that names no `nextUpdateBy` promises the next one that many minutes later.",
  access: "admin",
  body: PatchWorkspaceInput,
  readOnly: ["id", "createdAt", "logoLight", "logoDark", "favicon"],
  response: Workspace,
  status: 200,
});

export const setWorkspaceImage = defineOperation({
  id: "setWorkspaceImage",
  method: "PUT",
  path: "/v1/workspace/images/{kind}",
  tag: "Workspace",
  summary: "Put a logo or the favicon on the public page",
  description:
    "The body is the image itself, up to 512 KiB: PNG, SVG or WebP (a favicon may also be an ICO), with its Content-Type. `logo-light` shows in the light scheme, `logo-dark` in the dark one (either alone shows in both); the favicon is the page's icon. An SVG is shown as an image, where it runs no script and loads nothing, and is served with a policy that forbids both. The page shows it within a second.",
  access: "admin",
  params: ImageParams,
  upload: FAVICON_TYPES,
  response: Workspace,
  status: 200,
  problems: [
    { status: 413, code: "payload_too_large" },
    { status: 415, code: "unsupported_media_type" },
  ],
});

export const removeWorkspaceImage = defineOperation({
  id: "removeWorkspaceImage",
  method: "DELETE",
  path: "/v1/workspace/images/{kind}",
  tag: "Workspace",
  summary: "Take a logo or the favicon off the public page",
  access: "admin",
  params: ImageParams,
  response: Workspace,
  status: 200,
});
