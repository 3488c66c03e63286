/**
 * The JSON paths an assertion may name (docs/design.md §29): `$`, then any of `.key`, `['key']`,
 * `["key"]` and `[index]` (negative counts from the end). No filters, wildcards or scripts: a
 * path picks one value, and nothing in it is evaluated.
 */
export type PathStep = string | number;

export class JsonPathError extends Error {}

export function parseJsonPath(path: string): PathStep[] {
  if (!path.startsWith("$"))
    throw new JsonPathError("A JSON path starts with $, like $.data.status.");
  const steps: PathStep[] = [];
  let at = 1;
  while (at < path.length) {
    const char = path[at];
    if (char === ".") {
      const match = /^[A-Za-z_$][\w$-]*/.exec(path.slice(at + 1));
      if (!match) throw new JsonPathError(`Expected a key after "." at ${at + 1}.`);
      steps.push(match[0]);
      at += 1 + match[0].length;
    } else if (char === "[") {
      const rest = path.slice(at);
      const index = /^\[(-?\d{1,9})\]/.exec(rest);
      const quoted = /^\[(['"])((?:\\.|(?!\1).)*)\1\]/.exec(rest);
      if (index) {
        steps.push(Number(index[1]));
        at += index[0].length;
      } else if (quoted) {
        steps.push(quoted[2]!.replace(/\\(.)/g, "$1"));
        at += quoted[0].length;
      } else {
        throw new JsonPathError(`Expected [index] or ['key'] at ${at + 1}.`);
      }
    } else {
      throw new JsonPathError(`Unexpected "${char}" at ${at + 1}.`);
    }
    if (steps.length > 64) throw new JsonPathError("At most 64 steps.");
  }
  return steps;
}

/** The value at the path, or undefined when any step is missing. */
export function valueAt(document: unknown, steps: readonly PathStep[]): unknown {
  let value = document;
  for (const step of steps) {
    if (typeof step === "number") {
      if (!Array.isArray(value)) return undefined;
      value = value[step < 0 ? value.length + step : step];
    } else {
      if (value === null || typeof value !== "object" || Array.isArray(value)) return undefined;
      if (!Object.prototype.hasOwnProperty.call(value, step)) return undefined;
      value = (value as Record<string, unknown>)[step];
    }
    if (value === undefined) return undefined;
  }
  return value;
}
