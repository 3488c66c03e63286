import type { PageImageKind, Workspace } from "../api-types";

type ImageField = "logoLight" | "logoDark" | "favicon";

/** The page's images in the order the settings show them: where each is read, and its name. */
export const PAGE_IMAGES: { kind: PageImageKind; field: ImageField; label: string }[] = [
  { kind: "logo-light", field: "logoLight", label: "Logo for light backgrounds" },
  { kind: "logo-dark", field: "logoDark", label: "Logo for dark backgrounds" },
  { kind: "favicon", field: "favicon", label: "Favicon" },
];

export type PageImage = NonNullable<Workspace[ImageField]>;

const TYPE_NAME = new Map([
  ["image/png", "PNG"],
  ["image/svg+xml", "SVG"],
  ["image/webp", "WebP"],
  ["image/x-icon", "ICO"],
]);

export const typeName = (type: string) => TYPE_NAME.get(type) ?? type;

/** "PNG, SVG or WebP". */
export function typeNames(types: readonly string[]) {
  const names = types.map(typeName);
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} or ${names.at(-1)}` : names.join("");
}

export const sizeInKiB = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024))} KiB`;
