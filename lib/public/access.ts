import { config } from "@/lib/config";
import { isPageCookie, PAGE_ACCESS_LIFETIME_MS, pageCookieValue } from "@/lib/crypto/page-access";
import { visitorKey } from "@/lib/http/client-address";
import { errorResponse } from "@/lib/http/problem";
import { frontGate, readLimitedText } from "@/lib/http/request";
import { countHit, throttleKey } from "@/lib/limits/throttle";
import { verifyPagePassword } from "@/lib/pages/pages";
import { pageUrl } from "@/lib/pages/url";
import { NO_SUCH_PAGE_FILE } from "./answers";
import { lockedPage, type Refusal } from "./pages";
import { privatePage, respond } from "./respond";
import { pageSnapshot, publicSnapshot } from "./snapshot";
import { assertPostedHere } from "./subscriptions";
import { languageOf, viewOf } from "./view";

/** Passwords one visitor address may try on one page a minute. */
export const PASSWORD_TRIES_PER_MINUTE = 10;

const ACCESS_PATH = /^(?:\/p\/([a-z0-9-]{1,48}))?\/access$/;

/** Where to go after the password: a path of the page (`/history`), never another site. */
function nextPath(asked: string | null): string {
  return asked && /^\/(?!\/)[^\s\\]*$/.test(asked) ? asked : "/";
}

/**
 * `POST /p/{slug}/access` (or `/access` on the page's host): a visitor's password for a password
 * page. The right one sets the page's cookie and leads back where the visitor was going; a wrong
 * one, or one past the visitor's tries, shows the form again. Every page that is not a password
 * page (or no page) answers the same 404, so the form tells nothing about other pages.
 */
export async function enterPagePassword(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const url = new URL(request.url);
  const at = ACCESS_PATH.exec(url.pathname);
  const scoped =
    at &&
    pageSnapshot(await publicSnapshot(), {
      slug: at[1] ?? null,
      host: at[1] ? null : request.headers.get("host"),
    });
  const page = scoped?.data?.pages.find((p) => p.id === scoped.data?.page?.id);
  if (!scoped?.data || !scoped.locked?.key || !page || page.visibility !== "password") {
    return respond(request, NO_SUCH_PAGE_FILE);
  }
  try {
    assertPostedHere(
      request,
      "The password can only be sent from the status page itself.",
      pageUrl(page),
    );
    const form = new URLSearchParams(await readLimitedText(request));
    const next = nextPath(form.get("next"));
    const search = new URLSearchParams({ locale: form.get("locale") ?? "" });
    const view = viewOf(
      languageOf(
        search,
        request.headers.get("accept-language"),
        scoped.data.workspace.defaultLocale,
      ),
      scoped.site,
    );
    const again = (status: number, refusal: Refusal, extra: Record<string, string> = {}) =>
      privatePage(lockedPage(scoped.data!.workspace, view, next, refusal), status, extra);
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
    if (!(await verifyPagePassword(page.id, form.get("password") ?? ""))) {
      return again(401, { reason: "wrong" });
    }
    const value = pageCookieValue(scoped.locked.key);
    // Checked as it will be read, so a cookie the page would refuse is never handed out.
    if (!isPageCookie(scoped.locked.key, value)) return again(401, { reason: "wrong" });
    const secure = config().baseUrl.startsWith("https://") ? "; Secure" : "";
    return new Response(null, {
      status: 303,
      headers: {
        location: view.link(next),
        "set-cookie": `${scoped.locked.cookie}=${value}; Path=/; Max-Age=${PAGE_ACCESS_LIFETIME_MS / 1000}; HttpOnly; SameSite=Lax${secure}`,
        "cache-control": "no-store",
      },
    });
  } catch (error) {
    return errorResponse(error);
  }
}
