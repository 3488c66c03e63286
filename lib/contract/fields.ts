import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";

/** Field shapes shared by many resources (the limits of docs/design.md §3). */
export const uuid = () => z.uuid({ message: "Must be a UUID." });
export const name = () =>
  z.string().trim().min(1, "Must not be empty.").max(200, "At most 200 characters.");
export const email = () =>
  z
    .email({ message: "Must be an email address." })
    .max(254)
    .transform((value) => value.toLowerCase());
export const password = () =>
  z.string().min(8, "At least 8 characters.").max(128, "At most 128 characters.");
// The database has no year 0: an instant before year 1 (in UTC) is refused here, not by it.
const FIRST_INSTANT = Date.parse("0001-01-01T00:00:00Z");
export const timestamp = () =>
  z.iso
    .datetime({ offset: true })
    .refine((value) => Date.parse(value) >= FIRST_INSTANT, "Must be in year 1 or later.");

export const idParams = z.object({ id: uuid() });

/** A language the public page, its subscription pages and subscribers' mail speak. */
export const locale = () =>
  z.enum(LOCALES, { message: `Must be one of ${LOCALES.join(", ")}.` }).meta({ id: "Locale" });

/** An OpenID provider's issuer URL, kept without trailing slashes. */
export const issuerUrl = () =>
  z
    .url({ protocol: /^https?$/, message: "Must be an http(s) URL." })
    .max(2000)
    .transform((value) => value.replace(/\/+$/, ""));

// A domain as an address ends: labels of letters, digits and hyphens, at least two of them.
const DOMAIN =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

/** The domain of email addresses (`example.com`; a leading `@` is dropped), lower-cased. */
export const emailDomain = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .transform((value) => value.replace(/^@/, ""))
    .pipe(z.string().regex(DOMAIN, "Must be a domain such as example.com."));
