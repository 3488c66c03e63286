import { enterPagePassword } from "@/lib/public/access";
import { publicOptions, servePublic } from "@/lib/public/respond";

// Every address of a page beside the first (`/p/{slug}/…`), as the first page's are at `/`;
// a password page takes its password at `/p/{slug}/access`.
export const GET = servePublic;
export const POST = enterPagePassword;
export const OPTIONS = publicOptions;
export { GET as HEAD };
