import { idParams } from "@/lib/contract/fields";
import { defineOperation } from "@/lib/contract/operation";
import { CreateSubscriberInput, Subscriber, SubscriberList, SubscriberListQuery } from "./schemas";

const tag = "Subscribers";

export const listSubscribers = defineOperation({
  id: "listSubscribers",
  method: "GET",
  path: "/v1/subscribers",
  tag,
  summary: "Email subscribers, oldest first",
  access: "admin",
  query: SubscriberListQuery,
  response: SubscriberList,
  status: 200,
});

export const createSubscriber = defineOperation({
  id: "createSubscriber",
  method: "POST",
  path: "/v1/subscribers",
  tag,
  summary: "Add an email subscriber",
  description:
    "The subscriber starts `pending_confirmation` and is mailed a confirmation link (valid 7 days, usable once); nothing else is sent until they confirm. `componentIds` empty or omitted = every component the page shows them. One address may subscribe to several pages.",
  access: "admin",
  body: CreateSubscriberInput,
  response: Subscriber,
  status: 201,
  readOnly: ["id", "state", "createdAt"],
  problems: [{ status: 409, code: "already_subscribed" }],
});

export const deleteSubscriber = defineOperation({
  id: "deleteSubscriber",
  method: "DELETE",
  path: "/v1/subscribers/{id}",
  tag,
  summary: "Remove a subscriber",
  description:
    "Mail still queued for them is dropped; the address may subscribe again, even after a bounce.",
  access: "admin",
  params: idParams,
  status: 204,
});
