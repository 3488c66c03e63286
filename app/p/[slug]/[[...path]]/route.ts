import { publicOptions, servePublic } from "@/lib/public/respond";

// Every address of a page beside the first (`/p/{slug}/…`), as the first page's are at `/`.
export const GET = servePublic;
export const OPTIONS = publicOptions;
export { GET as HEAD };
