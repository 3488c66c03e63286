import { z } from "zod";
import { describe, expect, it } from "vitest";
import { ValidationError } from "@/lib/errors";
import { parseWith } from "./request";

const Shape = z.strictObject({
  name: z.string().min(1).max(5),
  count: z.number().int().min(0),
  kind: z.enum(["http", "tcp"]),
  url: z.url(),
  at: z.iso.datetime(),
  id: z.uuid(),
  tags: z.array(z.string()).max(1),
  on: z.boolean(),
  own: z.string().regex(/^a/, "Must start with a."),
});

function messages(value: unknown): Record<string, string> {
  try {
    parseWith(Shape, value);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return Object.fromEntries(
      (error as ValidationError).errors.map(({ field, message }) => [field, message]),
    );
  }
  throw new Error("parsed");
}

describe("validation messages", () => {
  it("say what a field must be in words, per field", () => {
    expect(messages({})).toMatchObject({ name: "Required.", count: "Required.", on: "Required." });
    expect(
      messages({
        name: "",
        count: -1.5,
        kind: "udp",
        url: "nope",
        at: "yesterday",
        id: "7",
        tags: ["a", "b"],
        on: "yes",
        own: "b",
      }),
    ).toEqual({
      name: "Must not be empty.",
      count: "Must be a whole number.",
      kind: 'Must be one of "http", "tcp".',
      url: "Must be a URL.",
      at: "Must be a date and time in ISO 8601, such as 2026-01-31T12:00:00Z.",
      id: "Must be an id (a UUID).",
      tags: "Must list at most 1 item.",
      on: "Must be true or false.",
      own: "Must start with a.",
    });
    expect(messages({ name: "toolong", count: "1", tags: "a", extra: 1 })).toMatchObject({
      name: "Must be at most 5 characters.",
      count: "Must be a number.",
      tags: "Must be a list.",
      extra: "Unknown field.",
    });
  });
});
