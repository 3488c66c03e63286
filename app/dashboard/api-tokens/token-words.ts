import type { ApiToken } from "../api-types";

/** What each role lets a script do; members and tokens are managed only by people, signed in. */
export const ROLE_LABEL: Record<ApiToken["role"], string> = {
  viewer: "Viewer — reads, changes nothing",
  editor: "Editor — runs the status page",
  admin: "Admin — also notifications, settings and the audit log",
};

export const TOKEN_ROLES = Object.keys(ROLE_LABEL) as ApiToken["role"][];

export const STATUS_LABEL: Record<ApiToken["status"], string> = {
  active: "Active",
  expired: "Expired",
  creator_removed: "Creator removed",
  creator_role_too_low: "Creator's role too low",
};

/** Why a token that looks fine in the list is refused, said where its status is shown. */
export const STATUS_HINT: Record<ApiToken["status"], string | undefined> = {
  active: undefined,
  expired: "Its expiry date has passed.",
  creator_removed: "The member who made it is no longer in the workspace.",
  creator_role_too_low: "The member who made it now has a role below the token's.",
};

export const EXPIRY_OPTIONS = [
  { value: "never", label: "Never" },
  { value: "30", label: "In 30 days" },
  { value: "90", label: "In 90 days" },
  { value: "365", label: "In 1 year" },
  { value: "date", label: "On a date…" },
] as const;

export const DEFAULT_EXPIRY = "90";

/**
 * The moment a token stops working for an expiry choice: a number of days from now, or the end
 * of the chosen day in the viewer's own zone. A date that cannot be read is sent as typed, so the
 * API's refusal names the field.
 */
export function expiresAtFor(choice: string, date: string): string | null {
  if (choice === "never") return null;
  if (choice !== "date") return new Date(Date.now() + Number(choice) * 86_400_000).toISOString();
  const [year, month, day] = date.split("-").map(Number);
  const end = new Date(year!, month! - 1, day! + 1);
  return Number.isNaN(end.getTime()) ? date : end.toISOString();
}

/** How a token is told apart in lists: the start of its secret, never the whole of it. */
export const shownPrefix = (token: ApiToken) => `ac_${token.prefix}…`;
