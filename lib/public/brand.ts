import { darkAccentOf } from "@/lib/content/color";
import { IMAGE_PATHS, imageUrl } from "@/lib/workspace/images";
import type { ImageKind, PublicImage, PublicWorkspace } from "./load";
import type { Rendered } from "./snapshot";

export const imageKindAt = (pathname: string): ImageKind | undefined =>
  (Object.keys(IMAGE_PATHS) as ImageKind[]).find((kind) => IMAGE_PATHS[kind] === pathname);

/** The address a page links an image by: its path and a version taken from its bytes. */
export const imageLink = (kind: ImageKind, image: PublicImage) => imageUrl(kind, image.digest);

/**
 * An image as an answer. An SVG is shown by the page as an <img>, where it never runs script
 * nor loads anything; opened on its own, its policy forbids both as well.
 */
export function imageAnswer(image: PublicImage): Rendered {
  return {
    kind: "image",
    status: 200,
    body: Buffer.from(image.bytes, "base64"),
    etag: `"${image.digest.slice(0, 32)}"`,
    headers: {
      "content-type": image.contentType,
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      "cache-control": "public, max-age=86400, stale-while-revalidate=604800",
    },
  };
}

/**
 * `/brand.css`: the accent in each scheme the team coloured. The light accent alone also
 * colours the dark scheme (lightened until it reads there); the dark one alone leaves the
 * light scheme as it is. Tints (hover, stripes) are derived from `--link` by `status.css`.
 */
export function brandCss(ws: PublicWorkspace): string {
  const { accentColor, accentColorDark } = ws.brand;
  const dark = accentColor ? darkAccentOf(accentColor, accentColorDark) : accentColorDark;
  const light = accentColor ? `:root {\n  --link: ${accentColor};\n}\n` : "";
  const inDark = dark
    ? `@media (prefers-color-scheme: dark) {\n  :root {\n    --link: ${dark};\n  }\n}\n`
    : "";
  return [light, inDark].filter(Boolean).join("\n");
}

/** Whether the team coloured the page in either scheme. */
export const hasAccent = (ws: PublicWorkspace) =>
  Boolean(ws.brand.accentColor ?? ws.brand.accentColorDark);
