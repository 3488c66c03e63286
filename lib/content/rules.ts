import { ContentRuleError } from "@/lib/errors";

const PLACEHOLDER = /\{\{[^{}]*\}\}/;
// Whatever a browser would read as the start of a tag, comment or declaration: "<" then a letter,
// "/", "!" or "?", whether or not a ">" follows. Comparisons like "a < b" or "3 <5" pass.
const HTML_TAG = /<[a-z/!?][^\s<>]{0,40}/i;

/**
 * Rules for text visitors will read (incident and maintenance titles and bodies): a template's
 * `{{placeholder}}` left unfilled is refused, and so is HTML (bodies are Markdown).
 */
export function assertPublishableText(fields: Record<string, string | undefined>): void {
  for (const [field, text] of Object.entries(fields)) {
    if (text === undefined) continue;
    const placeholder = PLACEHOLDER.exec(text);
    if (placeholder) {
      throw new ContentRuleError(
        "unfilled_placeholder",
        `${field} still contains the placeholder ${placeholder[0]}; fill it in before posting.`,
      );
    }
    const tag = HTML_TAG.exec(text);
    if (tag) {
      throw new ContentRuleError(
        "html_not_allowed",
        `${field} contains HTML (${tag[0]}); write Markdown instead, and put a space after a < that is not a tag.`,
      );
    }
  }
}
