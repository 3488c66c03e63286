import { enterPagePassword, followSignInLink } from "@/lib/public/access";
import { publicOptions, servePublic } from "@/lib/public/respond";

// Every address of a page beside the first (`/p/{slug}/…`), as the first page's are at `/`; a
// private page takes its password, or mails and follows sign-in links, at `/p/{slug}/access`.
export function GET(request: Request, context: { params: Promise<{ path?: string[] }> }) {
  return context.params.then(({ path }) =>
    path?.length === 1 && path[0] === "access" ? followSignInLink(request) : servePublic(request),
  );
}
export const POST = enterPagePassword;
export const OPTIONS = publicOptions;
export { GET as HEAD };
