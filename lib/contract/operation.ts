import type { z } from "zod";
import type { Role } from "@/lib/contract/roles";

export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

/** `public` needs no session; a role needs a session whose member has at least that role. */
export type Access = "public" | Role;

/**
 * One `/v1` operation: the single description that the route handler, the role policy and
 * `/openapi.json` are all built from.
 */
export type Operation = {
  id: string;
  method: Method;
  /** OpenAPI-style path, e.g. `/v1/components/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /**
   * Refused to API tokens whatever their role (403): managing tokens and members needs a person,
   * so a leaked token cannot make itself permanent.
   */
  sessionOnly?: true;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** A body of raw bytes instead of JSON (an image): the media types it may have. */
  upload?: readonly string[];
  /** Fields of the resource that a client may send back unchanged (GET-modify-PUT); ignored. */
  readOnly?: readonly string[];
  response?: z.ZodType;
  /** Text representations the answer may take instead of JSON (`format=csv`). */
  alsoAs?: readonly string[];
  status: 200 | 201 | 202 | 204;
  /**
   * Statuspage's dialect (docs/api.md): a body may also come as a form (`component[name]=…`), and
   * problems carry Statuspage's `error` and `message` members, validation failing with 422.
   */
  dialect?: "statuspage";
  /** The largest body it reads, in bytes, when above the usual 64 KiB (a backup file). */
  bodyLimit?: number;
  /** Problem codes this operation can answer besides the common ones, for the documentation. */
  problems?: readonly { status: number; code: string }[];
};

export function defineOperation<const O extends Operation>(operation: O): O {
  return operation;
}
