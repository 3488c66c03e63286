import { RE2JS } from "re2js";
import { ValidationError } from "@/lib/errors";
import { JsonPathError, parseJsonPath, valueAt } from "./json-path";
import type { Assertion } from "./schemas";

/** How much of a value an assertion's report keeps. */
export const ACTUAL_MAX = 200;

const NEEDS_NO_TARGET = new Set(["exists", "not_exists"]);
const NUMERIC = new Set(["less_than", "greater_than"]);

/**
 * Refuses an assertion that could never be judged: a property where its source has none (or
 * none where it needs one), a path that does not parse, a target missing or out of place, a
 * pattern RE2 does not accept. Patterns run on RE2, in time linear in the answer's size.
 */
export function assertValidAssertions(assertions: Assertion[], field = "http.assertions"): void {
  assertions.forEach((assertion, n) => {
    const at = `${field}.${n}`;
    const { source, property, comparison, target } = assertion;
    if (source === "header" || source === "json") {
      if (property === undefined) {
        throw ValidationError.field(
          `${at}.property`,
          source === "json" ? "Name a JSON path, like $.data.status." : "Name the header.",
        );
      }
      if (source === "json") {
        try {
          parseJsonPath(property);
        } catch (error) {
          if (error instanceof JsonPathError)
            throw ValidationError.field(`${at}.property`, error.message);
          throw error;
        }
      }
    } else if (property !== undefined) {
      throw ValidationError.field(`${at}.property`, `A ${source} assertion has no property.`);
    }
    if (NEEDS_NO_TARGET.has(comparison)) {
      if (target !== undefined) {
        throw ValidationError.field(`${at}.target`, `${comparison} takes no target.`);
      }
      if (source === "status") {
        throw ValidationError.field(`${at}.comparison`, "Every answer has a status.");
      }
      return;
    }
    if (target === undefined) throw ValidationError.field(`${at}.target`, "Give a target.");
    if (NUMERIC.has(comparison) && !Number.isFinite(numberOf(target))) {
      throw ValidationError.field(`${at}.target`, `${comparison} compares numbers.`);
    }
    if (comparison === "matches") {
      try {
        RE2JS.compile(String(target));
      } catch (error) {
        throw ValidationError.field(
          `${at}.target`,
          `Not a pattern RE2 accepts: ${(error as Error).message}`.slice(0, 300),
        );
      }
    }
  });
}

/** What a check saw that assertions read. */
export type Answer = {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  /** The first MAX_BODY_BYTES of the body, as text; null when none was read. */
  body: string | null;
};

function textOf(value: unknown): string {
  if (typeof value === "string") return value;
  return JSON.stringify(value) ?? String(value);
}

/** The value an assertion reads from the answer; undefined when there is none. */
function actualOf(
  assertion: Assertion,
  answer: Answer,
  json: { parsed?: unknown; failed?: boolean },
) {
  switch (assertion.source) {
    case "status":
      return answer.statusCode;
    case "header": {
      const value = answer.headers[assertion.property!.toLowerCase()];
      return Array.isArray(value) ? value.join(", ") : value;
    }
    case "body":
      return answer.body ?? undefined;
    case "json": {
      if (answer.body === null) return undefined;
      if (!("parsed" in json) && !json.failed) {
        try {
          json.parsed = JSON.parse(answer.body);
        } catch {
          json.failed = true;
        }
      }
      if (json.failed) return undefined;
      return valueAt(json.parsed, parseJsonPath(assertion.property!));
    }
  }
}

/** A number, or a string that is one; NaN for anything else (null, booleans, arrays). */
function numberOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && value.trim() !== "") return Number(value);
  return NaN;
}

function holds(assertion: Assertion, actual: unknown): boolean {
  const { comparison, target } = assertion;
  if (comparison === "exists") return actual !== undefined;
  if (comparison === "not_exists") return actual === undefined;
  if (actual === undefined) return false;
  const text = textOf(actual);
  switch (comparison) {
    case "equals":
    case "not_equals": {
      const equal =
        typeof target === "number" ? numberOf(actual) === target : text === String(target);
      return comparison === "equals" ? equal : !equal;
    }
    case "contains":
      return text.includes(String(target));
    case "not_contains":
      return !text.includes(String(target));
    case "less_than":
    case "greater_than": {
      const value = numberOf(actual);
      if (!Number.isFinite(value)) return false;
      return comparison === "less_than" ? value < Number(target) : value > Number(target);
    }
    case "matches":
      return RE2JS.compile(String(target)).matcher(text).find();
  }
}

export type AssertionOutcome = { index: number; passed: boolean; actual: string | null };

/** Every assertion judged against the answer, with the value each saw (cut to ACTUAL_MAX). */
export function judgeAssertions(assertions: Assertion[], answer: Answer): AssertionOutcome[] {
  const json: { parsed?: unknown; failed?: boolean } = {};
  return assertions.map((assertion, index) => {
    const actual = actualOf(assertion, answer, json);
    const shown =
      actual === undefined
        ? assertion.source === "json" && json.failed
          ? "(the answer is not JSON)"
          : null
        : textOf(actual).slice(0, ACTUAL_MAX);
    return { index, passed: holds(assertion, actual), actual: shown };
  });
}

/** Whether any assertion reads the body. */
export const readsBody = (assertions: Assertion[]) =>
  assertions.some((a) => a.source === "body" || a.source === "json");
