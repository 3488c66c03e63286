import { ContentRuleError } from "@/lib/errors";

const PLACEHOLDER = /\{\{[^{}]*\}\}/;
// An HTML tag or comment: "<" then a letter, "/" or "!--". Markdown text like "a < b" passes.
const HTML_TAG = /<(\/?[a-z][a-z0-9-]*(\s[^<>]*)?\/?>|!--)/i;

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
        `${field} contains HTML (${tag[0].slice(0, 40)}); write Markdown instead.`,
      );
    }
  }
}
