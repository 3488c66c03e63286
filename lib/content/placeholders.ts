/**
 * Template variables: `{{name}}`, a name of letters, digits and underscores. Pure, so the
 * dashboard fills a template as it is chosen the same way the API does.
 */
const VARIABLE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The variables a text names, each once, in order. */
export function variablesIn(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((match) => match[1]!))];
}

/**
 * The text with each variable that has a value replaced by it; the others are left as they are,
 * so the content rules refuse them as unfilled. Values are inserted as they are: one that holds
 * `{{…}}` is refused the same way.
 */
export function fillVariables(text: string, values: Record<string, string | undefined>): string {
  // Own values only: a name such as `constructor` is the writer's to fill, not Object's.
  return text.replace(VARIABLE, (whole, name: string) =>
    Object.hasOwn(values, name) && values[name] !== undefined ? values[name] : whole,
  );
}

/** An instant as the workspace reads it, for `{{start}}`: "27 Nov 2026, 14:30 CET". */
export function startWording(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    timeZone,
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(at);
}
