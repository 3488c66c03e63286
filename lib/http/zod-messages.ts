import { z } from "zod";

// What a field must be, in words a person filling in a form understands; zod's own messages
// name its types ("expected string, received undefined"). A schema's own message still wins.

const KINDS: Record<string, string> = {
  string: "text",
  number: "a number",
  int: "a whole number",
  bigint: "a whole number",
  boolean: "true or false",
  array: "a list",
  object: "an object",
  date: "a date",
  null: "null",
};

const FORMATS: Record<string, string> = {
  url: "Must be a URL.",
  email: "Must be an email address.",
  uuid: "Must be an id (a UUID).",
  guid: "Must be an id (a UUID).",
  datetime: "Must be a date and time in ISO 8601, such as 2026-01-31T12:00:00Z.",
  date: "Must be a date in ISO 8601, such as 2026-01-31.",
  time: "Must be a time in ISO 8601, such as 12:00:00.",
};

const plural = (count: number | bigint, one: string, many: string) =>
  `${count} ${Number(count) === 1 ? one : many}`;

function bound(
  origin: string,
  limit: number | bigint,
  side: "least" | "most",
  inclusive: boolean | undefined,
): string {
  if (origin === "string") {
    if (side === "least" && Number(limit) === 1) return "Must not be empty.";
    return `Must be at ${side} ${plural(limit, "character", "characters")}.`;
  }
  if (origin === "array" || origin === "set") {
    if (side === "least" && Number(limit) === 1) return "Must list at least one.";
    return `Must list at ${side} ${plural(limit, "item", "items")}.`;
  }
  if (inclusive === false) return `Must be ${side === "least" ? "more" : "less"} than ${limit}.`;
  return `Must be at ${side} ${limit}.`;
}

export function messageOf(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case "invalid_type":
      if (issue.input === undefined) return "Required.";
      return KINDS[issue.expected] ? `Must be ${KINDS[issue.expected]}.` : undefined;
    case "too_small":
      return bound(issue.origin, issue.minimum, "least", issue.inclusive);
    case "too_big":
      return bound(issue.origin, issue.maximum, "most", issue.inclusive);
    case "invalid_value":
      return issue.values.length === 1
        ? `Must be ${JSON.stringify(issue.values[0])}.`
        : `Must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}.`;
    case "invalid_format":
      return FORMATS[issue.format] ?? "Is not in the expected format.";
    case "invalid_union":
      return "Matches none of the accepted forms.";
    default:
      return undefined;
  }
}

z.config({ customError: messageOf });
