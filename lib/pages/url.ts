import { schema } from "@/db/client";
import { config } from "@/lib/config";

/** What a page's address is made of: the columns `pageUrl` reads. */
export const pageLinkColumns = {
  isDefault: schema.statusPage.isDefault,
  slug: schema.statusPage.slug,
  host: schema.statusPage.host,
};

/** A page's own address: its host, else `/p/{slug}` beside the first page, which is at `/`. */
export function pageUrl(page: { isDefault: boolean; slug: string; host: string | null }): string {
  const { statusPageUrl } = config();
  if (page.host) return `${new URL(statusPageUrl).protocol}//${page.host}`;
  return page.isDefault ? statusPageUrl : `${statusPageUrl}/p/${page.slug}`;
}
