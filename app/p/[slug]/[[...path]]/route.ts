import { postPageAccess, followSignInLink } from "@/lib/public/access";
import { finishPageSignIn, startPageSignIn } from "@/lib/public/page-sign-in";
import { publicOptions, servePublic } from "@/lib/public/respond";

const ACCESS_STEPS: Record<string, (request: Request) => Promise<Response>> = {
  access: followSignInLink,
  "access/oidc": startPageSignIn,
  "access/callback": finishPageSignIn,
};

// Every address of a page beside the first (`/p/{slug}/…`), as the first page's are at `/`; a
// private page takes its password, mails and follows sign-in links, and signs readers in with
// its provider below `/p/{slug}/access`.
export async function GET(request: Request, context: { params: Promise<{ path?: string[] }> }) {
  const step = ACCESS_STEPS[(await context.params).path?.join("/") ?? ""];
  return step ? step(request) : servePublic(request);
}
export const POST = postPageAccess;
export const OPTIONS = publicOptions;
export { GET as HEAD };
