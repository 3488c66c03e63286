import { config } from "@/lib/config";
import { subscriberLinks } from "@/lib/email/queue";
import { AppError, ForbiddenError, RateLimitedError, ValidationError } from "@/lib/errors";
import { visitorKey } from "@/lib/http/client-address";
import { errorResponse } from "@/lib/http/problem";
import { uuid } from "@/lib/contract/fields";
import { countHit, throttleKey } from "@/lib/limits/throttle";
import { frontGate, isJson, parseWith, readJsonBody, readLimitedText } from "@/lib/http/request";
import { SubscriptionRequestInput } from "@/lib/subscribers/schemas";
import {
  changeFollowedByLink,
  confirmationState,
  confirmSubscription,
  requestSubscription,
  subscriptionByLink,
  unsubscribeByLink,
} from "@/lib/subscribers/subscribers";
import { readSubscriberLinkToken } from "@/lib/crypto/subscriber-links";
import type { PublicData } from "./load";
import { notSetUpPage } from "./pages";
import { privatePage } from "./respond";
import { pageSnapshot, publicSnapshot } from "./snapshot";
import { languageOf, viewOf, type View } from "./view";
import {
  confirmedPage,
  confirmPage,
  linkProblemPage,
  managePage,
  subscribePage,
  subscriptionRequestedPage,
  unsubscribedPage,
  unsubscribePage,
} from "./subscription-pages";

/** Subscription requests one visitor address may make a minute, and an hour. */
export const SUBSCRIBE_REQUESTS_PER_MINUTE = 5;
export const SUBSCRIBE_REQUESTS_PER_HOUR = 10;
/** The kinds of throttle count a visitor's requests go under (every instance counts alike). */
export const VISITOR_MINUTE_KIND = "subscribe-visitor-minute";
const VISITOR_HOUR_KIND = "subscribe-visitor-hour";

const ACCEPTED = { state: "pending_confirmation" } as const;

class NotSetUp extends Error {}

/** The first page's data: subscriptions are taken there, for the components it shows. */
async function publicData(): Promise<PublicData> {
  const data = pageSnapshot(await publicSnapshot(), { slug: null, host: null })?.data;
  if (!data) throw new NotSetUp();
  return data;
}

/**
 * The language of a subscription page: a form's own `locale` field (the page it was sent from),
 * else `?locale=` (the links in a subscriber's mail carry theirs), else the browser's.
 */
function viewFor(request: Request, data: PublicData | undefined, form?: URLSearchParams): View {
  const search = new URL(request.url).searchParams;
  const posted = form?.get("locale");
  if (posted) search.set("locale", posted);
  return viewOf(
    languageOf(search, request.headers.get("accept-language"), data?.workspace.defaultLocale),
  );
}

const notSetUp = (request: Request) => privatePage(notSetUpPage(viewFor(request, undefined)), 404);

/** Whether the body is a plain form (urlencoded). */
const isForm = (request: Request) =>
  request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() ===
  "application/x-www-form-urlencoded";

/** Form fields of an urlencoded body; `componentIds` may repeat. */
async function formFields(request: Request): Promise<URLSearchParams> {
  if (!isForm(request)) {
    throw new AppError(
      415,
      "unsupported_media_type",
      "Unsupported media type",
      "Send the form as application/x-www-form-urlencoded, or JSON.",
    );
  }
  return new URLSearchParams(await readLimitedText(request));
}

/**
 * Refuses a request a browser sent from a page of another site (Fetch Metadata, or an Origin that
 * is not ours, or the origin of `also`, a page's own host): otherwise any site could subscribe
 * its visitors' browsers to addresses of its choosing, one visitor address each, past every
 * per-visitor limit, or sign them in to a page of its choosing. Scripts and mail clients send
 * neither header and are not refused.
 */
export function assertPostedHere(request: Request, detail: string, also?: string): void {
  const origin = request.headers.get("origin");
  const crossSite = request.headers.get("sec-fetch-site") === "cross-site";
  const ours = [config().baseUrl, config().statusPageUrl, ...(also ? [new URL(also).origin] : [])];
  if (crossSite || (origin && !ours.includes(origin))) {
    throw new ForbiddenError(detail, "cross_site_request");
  }
}

/** Counts the request against its visitor's minute and hour, in the database. */
async function limitVisitor(request: Request): Promise<void> {
  const visitor = visitorKey(request.headers);
  const limits = [
    { kind: VISITOR_MINUTE_KIND, limit: SUBSCRIBE_REQUESTS_PER_MINUTE, seconds: 60 },
    { kind: VISITOR_HOUR_KIND, limit: SUBSCRIBE_REQUESTS_PER_HOUR, seconds: 3600 },
  ];
  // One after the other: a request the minute refuses does not use up the hour.
  for (const { kind, ...limit } of limits) {
    const standing = await countHit(throttleKey(kind, visitor), limit);
    if (standing.over) throw new RateLimitedError(standing.waitSeconds);
  }
}

/**
 * `POST /public/subscriptions`: the same 202 for every address, new, pending or active, in the
 * same time, since all it does is write the request; the mail work happens in the background,
 * where mail to one mailbox is limited, so requests past the limit are answered alike and
 * dropped. A filled-in honeypot gets the same answer and nothing else. JSON in, JSON out; a
 * form gets a page.
 */
export async function handleSubscribe(request: Request): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  const json = isJson(request.headers.get("content-type"));
  let data: PublicData | undefined;
  let email: string | undefined;
  let view = viewFor(request, undefined);
  try {
    data = await publicData();
    view = viewFor(request, data);
    assertPostedHere(
      request,
      "This form can only be sent from this status page, not from another site: open " +
        `${config().statusPageUrl}/public/subscriptions and subscribe there.`,
    );
    await limitVisitor(request);
    let body: unknown;
    if (json) {
      body = await readJsonBody(request);
    } else {
      const form = await formFields(request);
      view = viewFor(request, data, form);
      email = form.get("email") ?? undefined;
      body = {
        email: form.get("email") ?? "",
        componentIds: form.getAll("componentIds"),
        website: form.get("website") ?? undefined,
        locale: view.locale,
      };
    }
    const input = parseWith(SubscriptionRequestInput, body);
    const known = new Set(data.components.map((c) => c.id));
    const componentIds = [...new Set(input.componentIds ?? [])];
    const unknown = componentIds.flatMap((id, index) =>
      known.has(id) ? [] : [{ field: `componentIds.${index}`, message: "No such component." }],
    );
    if (unknown.length) throw new ValidationError(unknown);
    if (!input.website) {
      await requestSubscription({
        workspaceId: data.workspace.id,
        email: input.email,
        componentIds,
        locale: input.locale ?? view.locale,
      });
    }
    if (json) {
      return Response.json(ACCEPTED, { status: 202, headers: { "cache-control": "no-store" } });
    }
    return privatePage(subscriptionRequestedPage(data.workspace, view), 202);
  } catch (error) {
    if (error instanceof NotSetUp) return notSetUp(request);
    if (json || !data || !(error instanceof AppError)) return errorResponse(error);
    const { t } = view.tr;
    const message =
      error instanceof ValidationError
        ? error.errors.some((e) => e.field === "email")
          ? t("subscribe.invalidEmail")
          : t("subscribe.unknownComponents")
        : error instanceof RateLimitedError
          ? t("subscribe.tooMany", {
              minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)),
            })
          : error.message;
    return privatePage(
      subscribePage(data, view, { error: message, email }),
      error.status,
      error instanceof RateLimitedError ? { "retry-after": String(error.retryAfterSeconds) } : {},
    );
  }
}

/** A GET page of the subscription flow: the front gate, the workspace, then the page. */
async function page(
  request: Request,
  build: (data: PublicData, view: View, token: string, form?: URLSearchParams) => Promise<Response>,
): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  try {
    const data = await publicData();
    const url = new URL(request.url);
    // A button's form carries the page's language; a mail client's one-click POST may carry a
    // body of another kind, which is not needed.
    const form =
      request.method === "POST" && isForm(request)
        ? new URLSearchParams(await readLimitedText(request))
        : undefined;
    return await build(
      data,
      viewFor(request, data, form),
      url.searchParams.get("token") ?? "",
      form,
    );
  } catch (error) {
    if (error instanceof NotSetUp) return notSetUp(request);
    return errorResponse(error);
  }
}

export const showSubscribeForm = (request: Request) =>
  page(request, async (data, view) => privatePage(subscribePage(data, view)));

// The pages a mailed link opens (confirm, manage, unsubscribe) act on one subscription with one
// click, which a framing site could trick out of its reader: like every public page but /embed,
// they refuse to be framed.
const linkPage = page;

const problem = (data: PublicData, view: View, reason: "expired" | "invalid") =>
  privatePage(linkProblemPage(data.workspace, view, reason), reason === "expired" ? 410 : 404);

/** GET shows a button; only its POST confirms, so a scanner that follows links confirms nothing. */
export const showConfirm = (request: Request) =>
  linkPage(request, async (data, view, token) => {
    const state = await confirmationState(token);
    if (state !== "confirmed") return problem(data, view, state);
    return privatePage(confirmPage(data.workspace, view, token));
  });

export const confirm = (request: Request) =>
  linkPage(request, async (data, view, token) => {
    const result = await confirmSubscription(token);
    if (result.result !== "confirmed") return problem(data, view, result.result);
    const { manageUrl } = await subscriberLinks(result.subscriberId, view.locale);
    return privatePage(confirmedPage(data.workspace, view, manageUrl));
  });

export const showUnsubscribe = (request: Request) =>
  linkPage(request, async (data, view, token) => {
    const found = await subscriptionByLink(token);
    if (!found) return problem(data, view, "invalid");
    return privatePage(unsubscribePage(data.workspace, view, token, found.email));
  });

/**
 * The one-click unsubscribe (RFC 8058): a POST with the form body `List-Unsubscribe=One-Click`
 * or the page's button, no origin needed, no redirect. A repeat answers the same.
 */
export const unsubscribe = (request: Request) =>
  linkPage(request, async (data, view, token) => {
    if (!(await readSubscriberLinkToken(token))) return problem(data, view, "invalid");
    await unsubscribeByLink(token);
    return privatePage(unsubscribedPage(data.workspace, view));
  });

export const showManage = (request: Request) =>
  linkPage(request, async (data, view, token) => {
    const found = await subscriptionByLink(token);
    if (!found) return problem(data, view, "invalid");
    return privatePage(managePage(data, view, token, found));
  });

export const manage = (request: Request) =>
  linkPage(request, async (data, view, token, form) => {
    if (!form) await formFields(request);
    const ids = form!.getAll("componentIds").filter((id) => uuid().safeParse(id).success);
    const changed = await changeFollowedByLink(token, ids);
    if (!changed) return problem(data, view, "invalid");
    return privatePage(managePage(data, view, token, changed, true));
  });
