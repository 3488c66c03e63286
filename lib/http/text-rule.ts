import type { FieldError } from "@/lib/errors";

/** Deeper input is refused before anything walks it (no shape of ours nests past a few levels). */
export const MAX_DEPTH = 32;

// C0 controls but tab, line feed and carriage return; a lone UTF-16 surrogate.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

function problemOf(text: string): string | null {
  const control = CONTROL.exec(text);
  if (control) {
    const code = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    return `Contains the control character U+${code}; only tab, line feed and carriage return are allowed.`;
  }
  if (LONE_SURROGATE.test(text)) return "Contains a lone UTF-16 surrogate, which is not text.";
  return null;
}

/**
 * The one rule for text at the boundary, applied to every string (and every key) of a body,
 * query or path before its schema sees it: control characters other than tab, line feed and
 * carriage return, and lone surrogates, are refused, naming the field; so is nesting past
 * MAX_DEPTH. The walk is iterative, so no input can exhaust the stack.
 */
export function textProblems(value: unknown, prefix: string[] = []): FieldError[] {
  const problems: FieldError[] = [];
  const stack: { value: unknown; path: string[] }[] = [{ value, path: prefix }];
  while (stack.length) {
    const { value: current, path } = stack.pop()!;
    const field = path.join(".") || "body";
    if (typeof current === "string") {
      const problem = problemOf(current);
      if (problem) problems.push({ field, message: problem });
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (path.length - prefix.length >= MAX_DEPTH) {
      problems.push({ field, message: `Nested more than ${MAX_DEPTH} levels deep.` });
      continue;
    }
    for (const [key, child] of Object.entries(current)) {
      const keyProblem = problemOf(key);
      if (keyProblem) {
        problems.push({ field: [...path, "(key)"].join("."), message: keyProblem });
        continue;
      }
      stack.push({ value: child, path: [...path, key] });
    }
  }
  return problems.reverse();
}
