import { postPageAccess, followSignInLink } from "@/lib/public/access";
import { finishPageSignIn, startPageSignIn } from "@/lib/public/page-sign-in";
import { publicOptions, servePublic } from "@/lib/public/respond";
import { SUBSCRIPTION_PAGES } from "@/lib/public/subscriptions";

const ACCESS_STEPS: Record<string, (request: Request) => Promise<Response>> = {
  access: followSignInLink,
  "access/oidc": startPageSignIn,
  "access/callback": finishPageSignIn,
};

type Context = { params: Promise<{ path?: string[] }> };
const pathOf = async (context: Context) => (await context.params).path?.join("/") ?? "";

// Every address of a page beside the first (`/p/{slug}/…`), as the first page's are at `/`; a
// private page takes its password, mails and follows sign-in links, and signs readers in with
// its provider below `/p/{slug}/access`; every page takes subscriptions below
// `/p/{slug}/public/subscriptions`.
export async function GET(request: Request, context: Context) {
  const path = await pathOf(context);
  const step = ACCESS_STEPS[path] ?? SUBSCRIPTION_PAGES[path]?.GET;
  return step ? step(request) : servePublic(request);
}
export async function POST(request: Request, context: Context) {
  const subscription = SUBSCRIPTION_PAGES[await pathOf(context)];
  return subscription ? subscription.POST(request) : postPageAccess(request);
}
export const OPTIONS = publicOptions;
export { GET as HEAD };
