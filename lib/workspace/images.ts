import { createHash } from "node:crypto";
import { AppError, ValidationError } from "@/lib/errors";
import type { ImageKindName } from "./schemas";

/** How the database names each of the page's images. */
export type ImageKind = "logo_light" | "logo_dark" | "favicon";

export const IMAGE_KIND: Record<ImageKindName, ImageKind> = {
  "logo-light": "logo_light",
  "logo-dark": "logo_dark",
  favicon: "favicon",
};

/** An image's largest size. */
export const IMAGE_LIMIT_BYTES = 512 * 1024;

/** Where the public page serves each image. */
export const IMAGE_PATHS: Record<ImageKind, string> = {
  logo_light: "/brand/logo-light",
  logo_dark: "/brand/logo-dark",
  favicon: "/brand/favicon",
};

/** The address a page links an image by: its path and a version taken from its bytes. */
export const imageUrl = (kind: ImageKind, digest: string) =>
  `${IMAGE_PATHS[kind]}?v=${digest.slice(0, 12)}`;

export const IMAGE_TYPES = ["image/png", "image/svg+xml", "image/webp"] as const;
/** A favicon may also be an icon file. */
export const FAVICON_TYPES = [...IMAGE_TYPES, "image/x-icon"] as const;

const startsWith = (bytes: Buffer, ...signature: number[]) =>
  signature.every((byte, index) => bytes[index] === byte);

/** Whether the bytes are what their type says (a PNG's signature, an SVG's root element, …). */
function isA(type: string, bytes: Buffer): boolean {
  switch (type) {
    case "image/png":
      return startsWith(bytes, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case "image/webp":
      return (
        bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
        bytes.subarray(8, 12).toString("latin1") === "WEBP"
      );
    case "image/x-icon":
      return startsWith(bytes, 0x00, 0x00, 0x01, 0x00);
    case "image/svg+xml": {
      const text = bytes
        .subarray(0, 4096)
        .toString("utf8")
        .replace(/^\uFEFF/, "");
      return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>]*>\s*)?<svg[\s>]/i.test(
        text,
      );
    }
    default:
      return false;
  }
}

/**
 * An uploaded image checked: its type one the page takes for this kind, its bytes that type,
 * its size within the limit (the body reader already stopped at it), and its digest.
 */
export function checkedImage(kind: ImageKindName, contentType: string | null, bytes: Buffer) {
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  const allowed: readonly string[] = kind === "favicon" ? FAVICON_TYPES : IMAGE_TYPES;
  if (!allowed.includes(type)) {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Unsupported media type",
      `Send the image as ${allowed.join(", ")} with its Content-Type${type ? `, not ${type}` : ""}.`,
    );
  }
  if (!bytes.length) throw ValidationError.field("body", "The image is empty.");
  if (!isA(type, bytes)) {
    throw ValidationError.field("body", `The bytes sent are not ${type}.`);
  }
  return {
    contentType: type,
    data: bytes.toString("base64"),
    digest: createHash("sha256").update(bytes).digest("hex"),
    size: bytes.length,
  };
}
