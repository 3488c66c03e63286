import { beforeAll, describe, expect, it } from "vitest";
import { contrast, darkAccentOf, PAGE_BACKGROUNDS } from "@/lib/content/color";
import { setUpOwner, TestClient } from "@/lib/testing/client";

// How a team dresses its page, through the API, as a visitor then sees it.
let admin: TestClient;
const visitor = new TestClient();

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const put = (kind: string, body: Uint8Array | string, type: string) =>
  admin.put(`/v1/workspace/images/${kind}`, body, { headers: { "content-type": type } });

beforeAll(async () => {
  ({ client: admin } = await setUpOwner());
});

describe("the accent colour", () => {
  it("is refused with 400 naming the ratio when text in it would not read", async () => {
    const pale = await admin.patch("/v1/workspace", { accentColor: "#7fb0ff" });
    expect(pale.status).toBe(400);
    expect(pale.body.code).toBe("validation_failed");
    const error = pale.body.errors.find((e: { field: string }) => e.field === "accentColor");
    expect(error.message).toMatch(
      /#7fb0ff reaches only 2\.\d\d:1 against the page's light background/,
    );
    const dark = await admin.patch("/v1/workspace", { accentColorDark: "#1558c0" });
    expect(dark.status).toBe(400);
    expect(dark.body.errors[0].field).toBe("accentColorDark");
    expect(dark.body.errors[0].message).toContain("lighter");
    const notAColour = await admin.patch("/v1/workspace", { accentColor: "blue" });
    expect(notAColour.status).toBe(400);
    expect(notAColour.body.errors[0].message).toBe("Must be a colour as #rrggbb.");
  });

  it("colours the page's links and buttons in both schemes, the dark one derived when not given", async () => {
    const saved = await admin.patch("/v1/workspace", { accentColor: "#6B21A8" });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.accentColor).toBe("#6b21a8");
    const page = await visitor.get("/");
    const link = /<link rel="stylesheet" href="(\/brand\.css\?v=[^"]+)">/.exec(page.text)?.[1];
    expect(link).toBeDefined();
    const css = await visitor.get(link!);
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
    const dark = darkAccentOf("#6b21a8", null);
    expect(css.text).toContain("--link: #6b21a8;");
    expect(css.text).toContain(`--link: ${dark};`);
    for (const bg of PAGE_BACKGROUNDS.dark) expect(contrast(dark, bg)).toBeGreaterThanOrEqual(4.5);
    await admin.patch("/v1/workspace", { accentColorDark: "#d8b4fe" });
    const again = await visitor.get("/brand.css");
    expect(again.text).toContain("--link: #d8b4fe;");
    // The dark accent alone colours the dark scheme and leaves the light one as it was.
    await admin.patch("/v1/workspace", { accentColor: null, accentColorDark: "#fde047" });
    const darkOnly = await visitor.get("/");
    const darkLink = /<link rel="stylesheet" href="(\/brand\.css\?v=[^"]+)">/.exec(darkOnly.text);
    expect(darkLink).not.toBeNull();
    const darkCss = (await visitor.get(darkLink![1]!)).text;
    expect(darkCss).toBe(
      "@media (prefers-color-scheme: dark) {\n  :root {\n    --link: #fde047;\n  }\n}\n",
    );
    await admin.patch("/v1/workspace", { accentColor: null, accentColorDark: null });
    expect((await visitor.get("/")).text).not.toContain("/brand.css");
  });
});

describe("links, footer and the powered-by line", () => {
  it("shows up to 5 https header links, a support link and the footer's Markdown, safely", async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: "https://a.example" }));
    expect((await admin.patch("/v1/workspace", { headerLinks: six })).status).toBe(400);
    const plain = await admin.patch("/v1/workspace", {
      headerLinks: [{ label: "Home", url: "http://a.example" }],
    });
    expect(plain.status).toBe(400);
    expect(plain.body.errors[0]).toEqual({
      field: "headerLinks.0.url",
      message: "Must be an https:// address.",
    });
    const saved = await admin.patch("/v1/workspace", {
      headerLinks: [
        { label: "Home <site>", url: "https://acme.example/" },
        { label: "Docs", url: "https://docs.acme.example/" },
      ],
      supportUrl: "mailto:help@acme.example",
      footerText: "© Acme · [Terms](https://acme.example/terms) <script>alert(1)</script>",
      showPoweredBy: false,
    });
    expect(saved.status, saved.text).toBe(200);
    const { text } = await visitor.get("/");
    expect(text).toContain('<a href="https://acme.example/" rel="noopener">Home &lt;site&gt;</a>');
    expect(text).toContain('<a href="mailto:help@acme.example" rel="noopener">Get support</a>');
    expect(text).toContain('href="https://acme.example/terms"');
    expect(text).not.toContain("<script>alert");
    expect(text).not.toContain("Powered by");
    await admin.patch("/v1/workspace", { showPoweredBy: true, headerLinks: [], supportUrl: null });
    const after = (await visitor.get("/")).text;
    expect(after).toContain("Powered by Allclear");
    expect(after).not.toContain("Get support");
  });
});

describe("logos and the favicon", () => {
  it("refuses what is not an image the page takes, too large, or not what it claims", async () => {
    const gif = await put("logo-light", Buffer.from("GIF89a"), "image/gif");
    expect(gif.status).toBe(415);
    expect(gif.body.code).toBe("unsupported_media_type");
    const lying = await put("logo-light", Buffer.from("not a png"), "image/png");
    expect(lying.status).toBe(400);
    expect(lying.body.errors[0]).toEqual({
      field: "body",
      message: "The bytes sent are not image/png.",
    });
    const huge = Buffer.concat([PNG, Buffer.alloc(512 * 1024)]);
    const tooLarge = await put("logo-light", huge, "image/png");
    expect(tooLarge.status).toBe(413);
    expect((await put("banner", PNG, "image/png")).status).toBe(400);
    expect((await put("logo-light", Buffer.from([0, 0, 1, 0]), "image/x-icon")).status).toBe(415);
    expect((await admin.get("/v1/workspace")).body.logoLight).toBeNull();
  });

  it("shows a logo for each scheme and the favicon, served from memory with their own policy", async () => {
    const light = await put("logo-light", PNG, "image/png");
    expect(light.status, light.text).toBe(200);
    expect(light.body.logoLight).toEqual({
      url: expect.stringMatching(/^\/brand\/logo-light\?v=[0-9a-f]{12}$/),
      contentType: "image/png",
      size: PNG.length,
    });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';
    const dark = await put("logo-dark", svg, "image/svg+xml");
    expect(dark.status, dark.text).toBe(200);
    expect((await put("favicon", PNG, "image/png")).status).toBe(200);
    const { text } = await visitor.get("/");
    expect(text).toContain(
      `<source srcset="${dark.body.logoDark.url}" media="(prefers-color-scheme: dark)">`,
    );
    expect(text).toContain(`<img src="${light.body.logoLight.url}" alt="Acme">`);
    expect(text).toMatch(/<link rel="icon" href="\/brand\/favicon\?v=[0-9a-f]{12}">/);
    const served = await visitor.get(dark.body.logoDark.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/svg+xml");
    expect(served.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
    expect(served.text).toBe(svg);
    const png = await fetchBytes(light.body.logoLight.url);
    expect(png.equals(PNG)).toBe(true);
  });

  it("takes one off again, and the page goes back to the name", async () => {
    expect((await admin.delete("/v1/workspace/images/logo-light")).status).toBe(200);
    expect((await admin.delete("/v1/workspace/images/logo-dark")).status).toBe(200);
    const missing = await admin.delete("/v1/workspace/images/logo-dark");
    expect(missing.status).toBe(404);
    const { text } = await visitor.get("/");
    expect(text).toContain('<a class="site-name" href="/">Acme</a>');
    expect((await visitor.get("/brand/logo-light")).status).toBe(404);
    // An address under /brand that names no image is a 404 in words, never a 500.
    const other = await visitor.get("/brand/banner");
    expect(other.status).toBe(404);
    expect(other.headers.get("content-type")).toBe("application/problem+json");
    expect(other.body.code).toBe("not_found");
  });
});

async function fetchBytes(path: string): Promise<Buffer> {
  const { GET } = await import("@/app/brand/[image]/route");
  const { config } = await import("@/lib/config");
  const response = await GET(new Request(new URL(path, config().baseUrl)));
  return Buffer.from(await response.arrayBuffer());
}
