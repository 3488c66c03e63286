import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import {
  Audience,
  AUDIENCE_READ_ONLY,
  AudienceList,
  audienceParams,
  CreateAudienceInput,
  CreatePageInput,
  Page,
  PAGE_READ_ONLY,
  PageList,
  PatchAudienceInput,
  PatchPageInput,
} from "./schemas";

const tag = "Pages";
const taken = [
  { status: 409, code: "slug_taken" },
  { status: 409, code: "host_taken" },
] as const;

export const listPages = defineOperation({
  id: "listPages",
  method: "GET",
  path: "/v1/pages",
  tag,
  summary: "The status pages",
  description: "The first page (at `/`) first, then the others in the order they were created.",
  access: "viewer",
  response: PageList,
  status: 200,
});

export const createPage = defineOperation({
  id: "createPage",
  method: "POST",
  path: "/v1/pages",
  tag,
  summary: "Create a status page",
  description:
    "The page answers at `/p/{slug}` and, when `host` is set, at the root of that host (point its DNS at this deployment). It shows the components listed and every component of the groups listed, in the workspace's order, and the incidents and maintenance windows that affect them. Its branding, language and time zone start as the workspace's unless given.",
  access: "admin",
  body: CreatePageInput,
  response: Page,
  status: 201,
  problems: taken,
});

export const getPage = defineOperation({
  id: "getPage",
  method: "GET",
  path: "/v1/pages/{id}",
  tag,
  summary: "One status page",
  access: "viewer",
  params: idParams,
  response: Page,
  status: 200,
});

export const updatePage = defineOperation({
  id: "updatePage",
  method: "PATCH",
  path: "/v1/pages/{id}",
  tag,
  summary: "Change a status page",
  description:
    "Changes only the fields sent. The first page's name, branding, language and time zone are the workspace's: changing them here changes `/v1/workspace` too.",
  access: "admin",
  params: idParams,
  body: PatchPageInput,
  readOnly: PAGE_READ_ONLY,
  response: Page,
  status: 200,
  problems: taken,
});

export const deletePage = defineOperation({
  id: "deletePage",
  method: "DELETE",
  path: "/v1/pages/{id}",
  tag,
  summary: "Delete a status page",
  description:
    "Its components stay, and so do the other pages showing them. The first page cannot be deleted (409 `default_page`).",
  access: "admin",
  params: idParams,
  status: 204,
  problems: [{ status: 409, code: "default_page" }],
});

const audiencesTag = "Page audiences";

export const listAudiences = defineOperation({
  id: "listAudiences",
  method: "GET",
  path: "/v1/pages/{id}/audiences",
  tag: audiencesTag,
  summary: "A page's audiences",
  description:
    "Who may read an audience page, and what each sees. A visitor signs in by an emailed link (to an address listed, or one in a domain listed) and sees the components of every audience they are in, of those the page shows, with the incidents and maintenance windows that affect them.",
  access: "admin",
  params: idParams,
  response: AudienceList,
  status: 200,
});

export const createAudience = defineOperation({
  id: "createAudience",
  method: "POST",
  path: "/v1/pages/{id}/audiences",
  tag: audiencesTag,
  summary: "Create an audience",
  description:
    "Addresses and domains are kept lower-cased. The first page is for everyone and takes no audiences (409 `default_page`).",
  access: "admin",
  params: idParams,
  body: CreateAudienceInput,
  response: Audience,
  status: 201,
  problems: [{ status: 409, code: "default_page" }],
});

export const getAudience = defineOperation({
  id: "getAudience",
  method: "GET",
  path: "/v1/pages/{id}/audiences/{audienceId}",
  tag: audiencesTag,
  summary: "One audience",
  access: "admin",
  params: audienceParams,
  response: Audience,
  status: 200,
});

export const updateAudience = defineOperation({
  id: "updateAudience",
  method: "PATCH",
  path: "/v1/pages/{id}/audiences/{audienceId}",
  tag: audiencesTag,
  summary: "Change an audience",
  description:
    "Changes only the fields sent; a list sent replaces the list. A visitor taken out of every audience of the page can no longer read it, from the next request.",
  access: "admin",
  params: audienceParams,
  body: PatchAudienceInput,
  readOnly: AUDIENCE_READ_ONLY,
  response: Audience,
  status: 200,
});

export const deleteAudience = defineOperation({
  id: "deleteAudience",
  method: "DELETE",
  path: "/v1/pages/{id}/audiences/{audienceId}",
  tag: audiencesTag,
  summary: "Delete an audience",
  access: "admin",
  params: audienceParams,
  status: 204,
});
