import type { Metadata } from "next";
import { LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { FAVICON_TYPES, IMAGE_LIMIT_BYTES, IMAGE_TYPES } from "@/lib/workspace/images";
import type { BrandingChoices } from "./branding-choices";
import { SettingsView } from "./settings-view";

export const metadata: Metadata = { title: "Settings" };

const choices: BrandingChoices = {
  languages: LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] })),
  imageTypes: { "logo-light": IMAGE_TYPES, "logo-dark": IMAGE_TYPES, favicon: FAVICON_TYPES },
  imageLimitKiB: IMAGE_LIMIT_BYTES / 1024,
};

export default function SettingsPage() {
  return <SettingsView choices={choices} />;
}
