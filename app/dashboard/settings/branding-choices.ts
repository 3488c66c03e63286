import type { PageImageKind, Workspace } from "../api-types";

/**
 * What the branding form offers, taken on the server from the lists the API checks against
 * (`lib/i18n/locales`, `lib/workspace/images`), which the browser may not load.
 */
export type BrandingChoices = {
  languages: { value: Workspace["defaultLocale"]; label: string }[];
  imageTypes: Record<PageImageKind, readonly string[]>;
  imageLimitKiB: number;
};
