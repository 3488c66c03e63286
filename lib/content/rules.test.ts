import { describe, expect, it } from "vitest";
import { ContentRuleError } from "@/lib/errors";
import { assertPublishableText } from "./rules";

function codeOf(text: string): string | null {
  try {
    assertPublishableText({ body: text });
    return null;
  } catch (error) {
    return (error as ContentRuleError).code;
  }
}

describe("content rules", () => {
  it.each([
    ["We are investigating {{service}} errors.", "unfilled_placeholder"],
    ["ETA {{ eta }}", "unfilled_placeholder"],
    ["<b>Down</b>", "html_not_allowed"],
    ["line<br/>break", "html_not_allowed"],
    ['<img src="x" onerror="alert(1)">', "html_not_allowed"],
    ["<!-- hidden -->", "html_not_allowed"],
    ["</script>", "html_not_allowed"],
    ["![<img src=x onerror=alert(1) ](x)", "html_not_allowed"],
    ["<svg/onload=alert(1)", "html_not_allowed"],
    ["a<b", "html_not_allowed"],
    ["<!doctype", "html_not_allowed"],
    ["<?xml", "html_not_allowed"],
    ["<https://example.com>", "html_not_allowed"],
  ])("refuses %j with %s", (text, code) => {
    expect(codeOf(text)).toBe(code);
  });

  it.each([
    "Latency is < 200 ms and > 100 ms.",
    "**Fixed** the `{config}` loader; see [status](https://example.com).",
    "a < b, so x <- y",
    "a <= b and c<3",
    "3 <5",
    "Use `x { y }` and {single} braces.",
  ])("accepts %j", (text) => {
    expect(codeOf(text)).toBeNull();
  });

  it("names the field", () => {
    expect(() => assertPublishableText({ title: "{{x}}" })).toThrow(/^title/);
  });
});
