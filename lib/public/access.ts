import { config } from "@/lib/config";
import {
  isPageCookie,
  PAGE_ACCESS_LIFETIME_MS,
  pageCookieValue,
  SIGN_IN_LINK_LIFETIME_MS,
  signInToken,
  signInTokenEmail,
  visitorCookieValue,
  visitorOf,
} from "@/lib/crypto/page-access";
import { announceEmail } from "@/lib/jobs/engine";
import { queuePageSignIn } from "@/lib/email/queue";
import { email as emailField } from "@/lib/contract/fields";
import { logError } from "@/lib/log";
import { visitorKey } from "@/lib/http/client-address";
import { errorResponse } from "@/lib/http/problem";
import { frontGate, readLimitedText } from "@/lib/http/request";
import { countHit, throttleKey } from "@/lib/limits/throttle";
import { verifyPagePassword } from "@/lib/pages/pages";
import { pageUrl } from "@/lib/pages/url";
import { NO_SUCH_PAGE_FILE } from "./answers";
import { lockedPage, type Refusal } from "./pages";
import { privatePage, respond } from "./respond";
import { pageSnapshot, publicSnapshot, type Snapshot } from "./snapshot";
import { assertPostedHere } from "./subscriptions";
import { languageOf, viewOf, type View } from "./view";

/** Passwords one visitor address may try on one page a minute. */
export const PASSWORD_TRIES_PER_MINUTE = 10;

const ACCESS_PATH = /^(?:\/p\/([a-z0-9-]{1,48}))?\/access(\/oidc|\/callback)?$/;

/** Where to go after the password: a path of the page (`/history`), never another site. */
export function nextPath(asked: string | null): string {
  // Printable ASCII only: a Location header carries nothing else.
  return asked && /^\/(?!\/)[\x21-\x5b\x5d-\x7e]*$/.test(asked) ? asked : "/";
}

/** Sign-in links one address may be mailed for one page an hour. */
export const SIGN_IN_LINKS_PER_HOUR = 5;

/**
 * The private page an access path names (`…/access`, or `…/access/{step}`), with its snapshot,
 * or null for any other path.
 */
export async function privatePageAt(request: Request, step: "" | "/oidc" | "/callback" = "") {
  const url = new URL(request.url);
  const at = ACCESS_PATH.exec(url.pathname);
  if (at && (at[2] ?? "") !== step) return null;
  const scoped =
    at &&
    pageSnapshot(await publicSnapshot(), {
      slug: at[1] ?? null,
      host: at[1] ? null : request.headers.get("host"),
    });
  const page = scoped?.data?.pages.find((p) => p.id === scoped.data?.page?.id);
  if (!scoped?.data || !scoped.locked?.key || !page || page.visibility === "public") return null;
  return { scoped: scoped as Snapshot & { locked: { key: string } }, page, url };
}

export function viewFor(request: Request, scoped: Snapshot, locale: string | null): View {
  return viewOf(
    languageOf(
      new URLSearchParams({ locale: locale ?? "" }),
      request.headers.get("accept-language"),
      scoped.data!.workspace.defaultLocale,
    ),
    scoped.site,
  );
}

const secure = () => (config().baseUrl.startsWith("https://") ? "; Secure" : "");

/** A page's cookie as `Set-Cookie` carries it: HttpOnly, Lax, Secure on https. */
export const cookieLine = (cookie: string, value: string, maxAge: number) =>
  `${cookie}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure()}`;

export const withCookie = (location: string, cookie: string, value: string, maxAge: number) =>
  new Response(null, {
    status: 303,
    headers: {
      location,
      "set-cookie": cookieLine(cookie, value, maxAge),
      "cache-control": "no-store",
    },
  });

/**
 * `POST /p/{slug}/access` (or `/access` on the page's host), from a private page's form:
 * a password page's password, an audience page's visitor's address or emailed link, or a
 * reader signing out.
 * The right password sets the page's cookie and leads back where the visitor was going; a wrong
 * one, or one past the visitor's tries, shows the form again. An address is answered alike
 * whether it may read the page or not; one that may is mailed a link. Every page that is not
 * private (or no page) answers the same 404, so the form tells nothing about other pages.
 */
export async function postPageAccess(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const found = await privatePageAt(request);
  if (!found) return respond(request, NO_SUCH_PAGE_FILE);
  const { scoped, page } = found;
  try {
    assertPostedHere(
      request,
      "The password can only be sent from the status page itself.",
      pageUrl(page),
    );
    const form = new URLSearchParams(await readLimitedText(request));
    const next = nextPath(form.get("next"));
    const view = viewFor(request, scoped, form.get("locale"));
    if (form.get("signOut")) {
      return withCookie(view.link("/"), scoped.locked.cookie, "", 0);
    }
    const way = page.visibility === "password" ? "password" : "email";
    const again = (status: number, refusal: Refusal, extra: Record<string, string> = {}) =>
      privatePage(lockedPage(scoped.data!.workspace, view, next, { way, refusal }), status, extra);
    const tries = await countHit(
      throttleKey("page-password", page.id, visitorKey(request.headers)),
      { limit: PASSWORD_TRIES_PER_MINUTE, seconds: 60 },
    );
    if (tries.over) {
      return again(
        429,
        { reason: "tooMany", seconds: tries.waitSeconds },
        {
          "retry-after": String(tries.waitSeconds),
        },
      );
    }
    if (way === "email" && form.get("link")) {
      return await spendSignInLink(scoped, page.id, form.get("link")!, view, next, again);
    }
    if (way === "email") {
      const address = emailField().safeParse(form.get("email") ?? "");
      if (!address.success) return again(400, { reason: "invalidEmail" });
      mailSignInLink(scoped, page, address.data, next);
      return again(200, { reason: "sent" });
    }
    if (!(await verifyPagePassword(page.id, form.get("password") ?? ""))) {
      return again(401, { reason: "wrong" });
    }
    const value = pageCookieValue(scoped.locked.key);
    // Checked as it will be read, so a cookie the page would refuse is never handed out.
    if (!isPageCookie(scoped.locked.key, value)) return again(401, { reason: "wrong" });
    return withCookie(view.link(next), scoped.locked.cookie, value, PAGE_ACCESS_LIFETIME_MS / 1000);
  } catch (error) {
    return errorResponse(error);
  }
}

/**
 * Mails a sign-in link when the address is in one of the page's audiences and under its hourly
 * count; runs beside the answer, which is the same either way and never waits for it.
 */
function mailSignInLink(
  scoped: Snapshot & { locked: { key: string } },
  page: { id: string; isDefault: boolean; slug: string; host: string | null },
  address: string,
  next: string,
): void {
  const workspaceId = scoped.data!.workspace.id;
  const mailing = async () => {
    // Counted for every address typed, in an audience or not, so the count reveals nothing.
    const mails = await countHit(throttleKey("page-sign-in", page.id, address), {
      limit: SIGN_IN_LINKS_PER_HOUR,
      seconds: 60 * 60,
    });
    if (mails.over || !scoped.locked.audiencesOf?.(address).length) return;
    const link = new URL(`${pageUrl(page)}/access`);
    link.searchParams.set("link", signInToken(scoped.locked.key, address));
    if (next !== "/") link.searchParams.set("next", next);
    await queuePageSignIn({ workspaceId, email: address }, link.toString());
    announceEmail();
  };
  mailing().catch((error: unknown) => logError("A sign-in link could not be mailed", error));
}

/**
 * `GET /p/{slug}/access?link=…` (or `/access` on the page's host): an emailed sign-in link. It
 * changes nothing (mail scanners open links too): a current link, for an address still in one of
 * the page's audiences, shows a button that posts it; any other shows the form, saying the link
 * has ended.
 */
export async function followSignInLink(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const found = await privatePageAt(request);
  if (!found || found.page.visibility !== "audience") return respond(request, NO_SUCH_PAGE_FILE);
  const { scoped, url } = found;
  const next = nextPath(url.searchParams.get("next"));
  const view = viewFor(request, scoped, url.searchParams.get("locale"));
  const link = url.searchParams.get("link");
  const email = signInTokenEmail(scoped.locked.key, link);
  const current = !!email && !!scoped.locked.audiencesOf?.(email).length;
  return privatePage(
    lockedPage(scoped.data!.workspace, view, next, {
      way: "email",
      ...(current ? { link: link! } : { refusal: { reason: "expired" } }),
    }),
    current ? 200 : 401,
  );
}

/**
 * The sign-in link's button, posted: a current link for an address still in one of the page's
 * audiences, used for the first time, sets the reader's cookie and leads to the page.
 */
async function spendSignInLink(
  scoped: Snapshot & { locked: { key: string } },
  pageId: string,
  link: string,
  view: View,
  next: string,
  again: (status: number, refusal: Refusal) => Response,
): Promise<Response> {
  const email = signInTokenEmail(scoped.locked.key, link);
  if (!email || !scoped.locked.audiencesOf?.(email).length)
    return again(401, { reason: "expired" });
  // Once: counted for longer than a link lives.
  const uses = await countHit(throttleKey("page-link", pageId, link), {
    limit: 1,
    seconds: SIGN_IN_LINK_LIFETIME_MS / 1000 + 60,
  });
  if (uses.over) return again(401, { reason: "expired" });
  const value = visitorCookieValue(scoped.locked.key, email);
  if (visitorOf(scoped.locked.key, value) !== email) return again(401, { reason: "expired" });
  return withCookie(view.link(next), scoped.locked.cookie, value, PAGE_ACCESS_LIFETIME_MS / 1000);
}
