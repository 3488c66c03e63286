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

/** `/brand.css`: the accent and what the page derives from it, in both schemes. */
export function brandCss(ws: PublicWorkspace): string {
  const { accentColor, accentColorDark } = ws.brand;
  if (!accentColor) return "";
  const dark = darkAccentOf(accentColor, accentColorDark);
  return `:root {
  --link: ${accentColor};
  --accent: ${accentColor};
}

@media (prefers-color-scheme: dark) {
  :root {
    --link: ${dark};
    --accent: ${dark};
  }
}
`;
}
