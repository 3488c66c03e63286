import { config } from "@/lib/config";
import { subscriberLinks } from "@/lib/email/queue";
import { AppError, ForbiddenError, RateLimitedError, ValidationError } from "@/lib/errors";
import { visitorKey } from "@/lib/http/client-address";
import { errorResponse } from "@/lib/http/problem";
import { uuid } from "@/lib/contract/fields";
import { countHit, throttleKey } from "@/lib/limits/throttle";
import { frontGate, isJson, parseWith, readJsonBody, readLimitedText } from "@/lib/http/request";
import { sealChannelTarget } from "@/lib/notifications/channel-subscriptions";
import { newSigningSecret } from "@/lib/notifications/endpoints";
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
import { visitorOf } from "@/lib/crypto/page-access";
import { readCookie } from "@/lib/http/cookies";
import { pageUrl } from "@/lib/pages/url";
import { readerOf } from "./addresses";
import { lockedAnswer, PAGE_PRIVATE } from "./answers";
import type { PublicData, PublicPage } from "./load";
import { notSetUpPage } from "./pages";
import { privatePage, respond } from "./respond";
import { pageAt, type PageRef } from "./scope";
import { audienceSnapshot, pageSnapshot, publicSnapshot, type Snapshot } from "./snapshot";
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

/** `/p/{slug}` before a subscription page's own path, when the page is asked for by its slug. */
const MOUNTED = /^\/p\/([a-z0-9-]{1,48})\/public\/subscriptions/;

/**
 * The page a subscription address is on (by `/p/{slug}`, else by its host) and who asks: on a
 * private page, its reader (null when the visitor may not read it), and on an audience page the
 * reader's own address, the one they may subscribe with.
 */
type Subscribing = {
  page: PublicPage;
  /** The page as the link pages show it, to anyone holding a link. */
  scoped: Snapshot & { data: PublicData };
  /** What the visitor reads of the page: null when it is private and they may not read it. */
  reader: (Snapshot & { data: PublicData }) | null;
  /** An audience page's signed-in reader's address. */
  email: string | null;
  root: Snapshot;
  ref: PageRef;
};

async function subscribing(request: Request): Promise<Subscribing> {
  const url = new URL(request.url);
  const slug = MOUNTED.exec(url.pathname)?.[1] ?? null;
  const ref: PageRef = { slug, host: slug ? null : request.headers.get("host") };
  const root = await publicSnapshot();
  const scoped = pageSnapshot(root, ref);
  const found = root.data && pageAt(root.data, ref);
  if (!scoped?.data || !found) throw new NotSetUp();
  const withData = scoped as Snapshot & { data: PublicData };
  if (!scoped.locked)
    return { page: found.page, scoped: withData, reader: withData, email: null, root, ref };
  const cookies = request.headers.get("cookie");
  const reader = readerOf(root, ref, scoped, cookies, url.searchParams.get("token"));
  const email =
    reader && scoped.locked.audiencesOf && scoped.locked.key
      ? visitorOf(scoped.locked.key, readCookie(cookies, scoped.locked.cookie))
      : null;
  return {
    page: found.page,
    scoped: withData,
    reader: reader?.data ? (reader as Snapshot & { data: PublicData }) : null,
    email,
    root,
    ref,
  };
}

/**
 * The language of a subscription page: a form's own `locale` field (the page it was sent from),
 * else `?locale=` (the links in a subscriber's mail carry theirs), else the browser's.
 */
function viewFor(request: Request, scoped: Snapshot | undefined, form?: URLSearchParams): View {
  const search = new URL(request.url).searchParams;
  const posted = form?.get("locale");
  if (posted) search.set("locale", posted);
  return viewOf(
    languageOf(
      search,
      request.headers.get("accept-language"),
      scoped?.data?.workspace.defaultLocale,
    ),
    scoped?.site,
  );
}

const notSetUp = (request: Request) => privatePage(notSetUpPage(viewFor(request, undefined)), 404);

/** What a visitor who may not read a private page gets for its subscription form: its lock. */
function locked(request: Request, at: Subscribing, json: boolean): Response {
  if (json) return respond(request, PAGE_PRIVATE);
  const url = new URL(request.url);
  const asked = {
    search: url.searchParams,
    acceptLanguage: request.headers.get("accept-language"),
  };
  return respond(request, lockedAnswer(at.scoped, asked, "/public/subscriptions"));
}

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
  const site = request.headers.get("sec-fetch-site");
  const ours = [config().baseUrl, config().statusPageUrl, ...(also ? [new URL(also).origin] : [])];
  // A page sent with `Referrer-Policy: no-referrer` (as the subscription pages are) posts its
  // forms with `Origin: null`: then only the browser's word that the page is this one will do.
  const known = origin === "null" ? site === "same-origin" : !origin || ours.includes(origin);
  if (site === "cross-site" || !known) {
    throw new ForbiddenError(detail, "cross_site_request");
  }
}

/**
 * The subscribe form's page carries no token, so it keeps its origin on its own requests: its
 * form is posted with the page's `Origin` (browsers send none of the Fetch Metadata headers to
 * a plain-http host other than localhost, so that header is all there is to go by).
 */
const FORM_PAGE = { "referrer-policy": "same-origin" };

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
  let signedIn: string | undefined;
  let channels = false;
  try {
    const at = await subscribing(request);
    if (!at.reader) return locked(request, at, json);
    channels = !at.scoped.locked;
    data = at.reader.data;
    signedIn = at.email ?? undefined;
    view = viewFor(request, at.reader);
    assertPostedHere(
      request,
      "This form can only be sent from this status page, not from another site: open " +
        `${pageUrl(at.page)}/public/subscriptions and subscribe there.`,
      pageUrl(at.page),
    );
    await limitVisitor(request);
    let body: unknown;
    if (json) {
      body = await readJsonBody(request);
    } else {
      const form = await formFields(request);
      view = viewFor(request, at.reader, form);
      email = form.get("email") ?? undefined;
      body = {
        email: form.get("email") ?? "",
        channel: form.get("channel") || undefined,
        url: form.get("url") || undefined,
        componentIds: form.getAll("componentIds"),
        website: form.get("website") ?? undefined,
        locale: view.locale,
      };
    }
    const input = parseWith(SubscriptionRequestInput, body);
    // An audience page's reader subscribes with the address they signed in with, no other.
    if (at.email && input.email !== at.email) {
      throw new ValidationError([
        { field: "email", message: `Subscribe with the address you signed in with, ${at.email}.` },
      ]);
    }
    const known = new Set(data.components.map((c) => c.id));
    const componentIds = [...new Set(input.componentIds ?? [])];
    const unknown = componentIds.flatMap((id, index) =>
      known.has(id) ? [] : [{ field: `componentIds.${index}`, message: "No such component." }],
    );
    if (unknown.length) throw new ValidationError(unknown);
    // A chat channel or webhook is read by whoever is in it: only a public page's news goes there.
    if (input.channel !== "email" && at.scoped.locked) {
      throw new ValidationError([
        { field: "channel", message: "A private page's updates go by email only." },
      ]);
    }
    // A filled-in honeypot is answered alike, with a secret that signs nothing.
    const sealed =
      input.channel === "email"
        ? null
        : input.website
          ? { target: null, secret: input.channel === "webhook" ? newSigningSecret() : null }
          : await sealChannelTarget(input.channel, input.url!);
    if (!input.website) {
      await requestSubscription({
        workspaceId: data.workspace.id,
        pageId: at.page.id,
        email: input.email,
        channel: input.channel,
        target: sealed?.target ?? null,
        componentIds,
        locale: input.locale ?? view.locale,
      });
    }
    const secret = sealed?.secret ?? undefined;
    if (json) {
      return Response.json(
        { ...ACCEPTED, ...(secret ? { secret } : {}) },
        { status: 202, headers: { "cache-control": "no-store" } },
      );
    }
    return privatePage(subscriptionRequestedPage(data.workspace, view, secret), 202);
  } catch (error) {
    if (error instanceof NotSetUp) return notSetUp(request);
    if (json || !data || !(error instanceof AppError)) return errorResponse(error);
    const { t } = view.tr;
    const message =
      error instanceof ValidationError
        ? error.errors.some((e) => e.field === "email")
          ? signedIn
            ? error.errors[0]!.message
            : t("subscribe.invalidEmail")
          : error.errors.some((e) => e.field === "url" || e.field === "channel")
            ? t("subscribe.invalidUrl")
            : t("subscribe.unknownComponents")
        : error instanceof RateLimitedError
          ? t("subscribe.tooMany", {
              minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)),
            })
          : error.message;
    return privatePage(
      subscribePage(data, view, { error: message, email, reader: signedIn, channels }),
      error.status,
      {
        ...FORM_PAGE,
        ...(error instanceof RateLimitedError
          ? { "retry-after": String(error.retryAfterSeconds) }
          : {}),
      },
    );
  }
}

/**
 * A page of the subscription flow: the front gate, the page asked for, then the page. `build`
 * gets the page as anyone holding a link sees it; the subscription a link names says what of it
 * they may see.
 */
async function page(
  request: Request,
  build: (at: Subscribing, view: View, token: string, form?: URLSearchParams) => Promise<Response>,
): Promise<Response> {
  const refused = frontGate(request);
  if (refused) return refused;
  try {
    const at = await subscribing(request);
    const url = new URL(request.url);
    // A button's form carries the page's language; a mail client's one-click POST may carry a
    // body of another kind, which is not needed.
    const form =
      request.method === "POST" && isForm(request)
        ? new URLSearchParams(await readLimitedText(request))
        : undefined;
    return await build(
      at,
      viewFor(request, at.scoped, form),
      url.searchParams.get("token") ?? "",
      form,
    );
  } catch (error) {
    if (error instanceof NotSetUp) return notSetUp(request);
    return errorResponse(error);
  }
}

export const showSubscribeForm = (request: Request) =>
  page(request, async (at) => {
    if (!at.reader) return locked(request, at, false);
    return privatePage(
      subscribePage(at.reader.data, viewFor(request, at.reader), {
        reader: at.email ?? undefined,
        channels: !at.scoped.locked,
      }),
      200,
      FORM_PAGE,
    );
  });

// The pages a mailed link opens (confirm, manage, unsubscribe) act on one subscription with one
// click, which a framing site could trick out of its reader: like every public page but /embed,
// they refuse to be framed. A confirm or manage link works at its own page's address only.
const linkPage = page;

const problem = (at: Subscribing, view: View, reason: "expired" | "invalid") =>
  privatePage(
    linkProblemPage(at.scoped.data.workspace, view, reason),
    reason === "expired" ? 410 : 404,
  );

/**
 * The page as the subscriber a link names sees it: on an audience page, what their audiences
 * show them (nothing once they are in none).
 */
function asSubscriberSees(at: Subscribing, email: string): PublicData {
  if (!at.scoped.locked?.audiencesOf) return at.scoped.data;
  const theirs = audienceSnapshot(at.root, at.ref, email)?.data;
  return theirs ?? { ...at.scoped.data, components: [], groups: [] };
}

/** GET shows a button; only its POST confirms, so a scanner that follows links confirms nothing. */
export const showConfirm = (request: Request) =>
  linkPage(request, async (at, view, token) => {
    const state = await confirmationState(token, at.page.id);
    if (state !== "confirmed") return problem(at, view, state);
    return privatePage(confirmPage(at.scoped.data.workspace, view, token));
  });

export const confirm = (request: Request) =>
  linkPage(request, async (at, view, token) => {
    const result = await confirmSubscription(token, at.page.id);
    if (result.result !== "confirmed") return problem(at, view, result.result);
    const { manageUrl } = await subscriberLinks(result.subscriberId, at.page, view.locale);
    return privatePage(confirmedPage(at.scoped.data.workspace, view, manageUrl));
  });

/** The subscription a manage or unsubscribe link names, when it is one of this page's. */
async function linked(at: Subscribing, token: string) {
  const found = await subscriptionByLink(token);
  return found?.pageId === at.page.id ? found : null;
}

// Unsubscribing works wherever the link is opened: the signed token names its subscriber, and
// a page that has since moved (a new host or slug) must not leave one-click unsubscribe
// answering "done" while the mail goes on.
export const showUnsubscribe = (request: Request) =>
  linkPage(request, async (at, view, token) => {
    const found = await subscriptionByLink(token);
    if (!found) return problem(at, view, "invalid");
    return privatePage(
      unsubscribePage(at.scoped.data.workspace, view, token, found.email, found.channel),
    );
  });

/**
 * The one-click unsubscribe (RFC 8058): a POST with the form body `List-Unsubscribe=One-Click`
 * or the page's button, no origin needed, no redirect. A repeat answers the same.
 */
export const unsubscribe = (request: Request) =>
  linkPage(request, async (at, view, token) => {
    if (!(await readSubscriberLinkToken(token))) return problem(at, view, "invalid");
    await unsubscribeByLink(token);
    return privatePage(unsubscribedPage(at.scoped.data.workspace, view));
  });

export const showManage = (request: Request) =>
  linkPage(request, async (at, view, token) => {
    const found = await linked(at, token);
    if (!found) return problem(at, view, "invalid");
    return privatePage(managePage(asSubscriberSees(at, found.email), view, token, found));
  });

export const manage = (request: Request) =>
  linkPage(request, async (at, view, token, form) => {
    if (!form) await formFields(request);
    const ids = form!.getAll("componentIds").filter((id) => uuid().safeParse(id).success);
    const found = await linked(at, token);
    const postmortems = form!.get("postmortems") === "on";
    const changed =
      found && (await changeFollowedByLink(token, { componentIds: ids, postmortems }));
    if (!changed) return problem(at, view, "invalid");
    return privatePage(managePage(asSubscriberSees(at, changed.email), view, token, changed, true));
  });

/** The subscription pages below a page's address (`/p/{slug}/public/subscriptions/…`). */
export const SUBSCRIPTION_PAGES: Record<
  string,
  { GET: (request: Request) => Promise<Response>; POST: (request: Request) => Promise<Response> }
> = {
  "public/subscriptions": { GET: showSubscribeForm, POST: handleSubscribe },
  "public/subscriptions/confirm": { GET: showConfirm, POST: confirm },
  "public/subscriptions/manage": { GET: showManage, POST: manage },
  "public/subscriptions/unsubscribe": { GET: showUnsubscribe, POST: unsubscribe },
};
