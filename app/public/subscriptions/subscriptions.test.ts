import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq, like } from "drizzle-orm";
import { getDb, schema } from "@/db/client";
import { resetConfig } from "@/lib/config";
import { LOCALES } from "@/lib/i18n/locales";
import { closeMailer } from "@/lib/email/transport";
import { startEmbeddedRunner, type Runner } from "@/lib/runner/runner";
import {
  SUBSCRIBE_REQUESTS_PER_HOUR,
  SUBSCRIBE_REQUESTS_PER_MINUTE,
  VISITOR_MINUTE_KIND,
} from "@/lib/public/subscriptions";
import { CONFIRMATIONS_PER_MAILBOX_A_DAY } from "@/lib/subscribers/mailbox";
import { expirePendingSubscriptions } from "@/lib/subscribers/subscribers";
import { setUpOwner, TestClient } from "@/lib/testing/client";
import { notWrittenIn, visibleText } from "@/lib/testing/language";
import { linkIn, MailCatcher } from "@/lib/testing/smtp";

let admin: TestClient;
let catcher: MailCatcher;
let runner: Runner;
let api: string;

const FORM = { "content-type": "application/x-www-form-urlencoded" };

beforeAll(async () => {
  catcher = await new MailCatcher().start();
  process.env.SMTP_URL = catcher.url;
  resetConfig();
  ({ client: admin } = await setUpOwner());
  api = (await admin.post("/v1/components", { name: "API" })).body.id;
  runner = startEmbeddedRunner();
});

afterAll(async () => {
  await runner.stop();
  closeMailer();
  await catcher.stop();
  delete process.env.SMTP_URL;
  resetConfig();
});

beforeEach(() => catcher.clear());

const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

/** Each call comes from a visitor address of its own, unless one is given. */
const subscribe = (body: unknown, client = new TestClient()) =>
  client.post("/public/subscriptions", body);

async function mailTo(email: string, count = 1) {
  await catcher.waitFor(() => catcher.to(email).length >= count);
  return catcher.to(email);
}

const subscriberRow = async (email: string) => {
  const db = await getDb();
  const [row] = await db.select().from(schema.subscriber).where(eq(schema.subscriber.email, email));
  return row;
};

async function confirmFromMail(email: string) {
  const [mail] = await mailTo(email);
  const path = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
  const confirmed = await new TestClient().post(path, "", { headers: FORM });
  expect(confirmed.status, confirmed.text).toBe(200);
  return path;
}

/** An address made active by its own confirmation, with the 15-minute window passed. */
async function subscribeUntilQuiet(email: string) {
  await subscribe({ email });
  await confirmFromMail(email);
  await quietFor(email);
}

describe("public subscribe", () => {
  it("answers new, pending and active addresses alike, and mails what each calls for", async () => {
    const fresh = await subscribe({ email: "new@example.com", componentIds: [api] });
    await mailTo("new@example.com");
    const pending = await subscribe({ email: "new@example.com" });
    await confirmFromMail("new@example.com");
    await subscribeUntilQuiet("active@example.com");
    catcher.clear();
    const active = await subscribe({ email: "active@example.com" });
    for (const answer of [fresh, pending, active]) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('{"state":"pending_confirmation"}');
      expect(answer.headers.get("content-type")).toBe(fresh.headers.get("content-type"));
    }
    // The pending address asked again within 15 minutes: no second confirmation.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("new@example.com")).toEqual([]);
    expect((await subscriberRow("new@example.com"))!.state).toBe("active");
    const list = (await admin.get("/v1/subscribers")).body;
    expect(list.find((s: { email: string }) => s.email === "new@example.com").componentIds).toEqual(
      [api],
    );
  });

  it("keeps the language the visitor subscribed in, and writes every mail in it", async () => {
    const form = await new TestClient().post(
      "/public/subscriptions",
      "email=sprache%40example.com&locale=de",
      { headers: FORM },
    );
    expect(form.status).toBe(202);
    expect(form.text).toContain('<html lang="de">');
    expect(form.text).toContain("Prüfen Sie Ihren Posteingang");
    const [confirmation] = await mailTo("sprache@example.com");
    expect(confirmation!.subject).toBe("Bestätigen Sie Ihr Abonnement für den Status von Acme");
    expect(confirmation!.html).toContain('<html lang="de">');
    const link = linkIn(confirmation!.text, "/public/subscriptions/confirm");
    expect(new URL(link).searchParams.get("locale")).toBe("de");
    const page = await new TestClient().get(pathOf(link));
    expect(page.text).toContain('<html lang="de">');
    // Confirmed from a browser that asks for English: the page and its manage link stay German.
    const confirmed = await new TestClient().post(pathOf(link), "", {
      headers: { ...FORM, "accept-language": "en" },
    });
    expect(confirmed.text).toContain('<html lang="de">');
    expect(confirmed.text).toMatch(/\/public\/subscriptions\/manage\?token=[^"]+&amp;locale=de"/);
    expect((await subscriberRow("sprache@example.com"))!.locale).toBe("de");
    catcher.clear();
    const incident = await admin.post("/v1/incidents", {
      title: "Anmeldung gestört",
      impact: "minor",
      visibility: "published",
      body: "Wir sehen nach.",
      components: [{ componentId: api, status: "degraded_performance" }],
    });
    expect(incident.status).toBe(201);
    const [event] = await mailTo("sprache@example.com");
    expect(event!.subject).toBe("[Status von Acme] Untersuchung läuft: Anmeldung gestört");
    expect(event!.text).toContain("Betroffene Komponenten");
    expect(event!.text).toContain("API: Eingeschränkte Leistung");
    expect(linkIn(event!.text, "/public/subscriptions/manage")).toContain("&locale=de");
    expect(event!.text).toContain(`/incidents/${incident.body.id}?locale=de`);
    await admin.patch(`/v1/incidents/${incident.body.id}`, { status: "resolved" });
    // An address added by the team gets the page's default language, or the one chosen.
    const added = await admin.post("/v1/subscribers", { email: "ja@example.com", locale: "ja" });
    expect(added.status, added.text).toBe(201);
    expect(added.body.locale).toBe("ja");
    const [japanese] = await mailTo("ja@example.com");
    expect(japanese!.html).toContain('<html lang="ja">');
  });

  it.each(LOCALES)(
    "%s: every subscription page and every mail to a subscriber is written in it",
    async (locale) => {
      const email = `every-${locale.toLowerCase()}@example.com`;
      const written = (what: string, text: string) =>
        expect(notWrittenIn(locale, text), `${locale} ${what}`).toEqual([]);
      const page = (what: string, answer: { status: number; text: string }) => {
        expect(answer.status, `${locale} ${what}`).toBeLessThan(300);
        expect(answer.text, `${locale} ${what}`).toContain(`<html lang="${locale}">`);
        written(what, visibleText(answer.text));
      };
      const mail = (what: string, message: { subject: string; text: string; html: string }) => {
        expect(message.html, `${locale} ${what}`).toContain(`<html lang="${locale}">`);
        written(`${what} subject`, message.subject);
        written(`${what} text`, message.text);
        written(`${what} html`, visibleText(message.html));
      };
      page("form", await new TestClient().get(`/public/subscriptions?locale=${locale}`));
      const form = `email=${encodeURIComponent(email)}&componentIds=${api}&locale=${locale}`;
      page("asked", await new TestClient().post("/public/subscriptions", form, { headers: FORM }));
      const [confirmation] = await mailTo(email);
      mail("confirmation", confirmation!);
      const confirmLink = pathOf(linkIn(confirmation!.text, "/public/subscriptions/confirm"));
      page("confirm", await new TestClient().get(confirmLink));
      page("confirmed", await new TestClient().post(confirmLink, "", { headers: FORM }));
      await quietFor(email);
      catcher.clear();
      await new TestClient().post("/public/subscriptions", form, { headers: FORM });
      const [already] = await mailTo(email);
      mail("already subscribed", already!);
      catcher.clear();
      const incident = await admin.post("/v1/incidents", {
        title: `Checkout ${locale}`,
        impact: "minor",
        visibility: "published",
        body: "Looking.",
        components: [{ componentId: api, status: "degraded_performance" }],
      });
      await admin.post(`/v1/incidents/${incident.body.id}/updates`, {
        status: "resolved",
        body: "Fixed.",
      });
      const events = await mailTo(email, 2);
      for (const message of events) mail(message.subject, message);
      const manageUrl = linkIn(events[0]!.text, "/public/subscriptions/manage");
      const unsubscribeUrl = linkIn(events[0]!.text, "/public/subscriptions/unsubscribe");
      page("manage", await new TestClient().get(pathOf(manageUrl)));
      page(
        "managed",
        await new TestClient().post(pathOf(manageUrl), `componentIds=${api}`, { headers: FORM }),
      );
      page("unsubscribe", await new TestClient().get(pathOf(unsubscribeUrl)));
      page(
        "unsubscribed",
        await new TestClient().post(pathOf(unsubscribeUrl), "", { headers: FORM }),
      );
    },
  );

  it("tells an active address it is already subscribed, with its manage and unsubscribe links", async () => {
    await subscribeUntilQuiet("known@example.com");
    catcher.clear();
    await subscribe({ email: "known@example.com" });
    const [mail] = await mailTo("known@example.com");
    expect(mail!.subject).toBe("You are already subscribed to Acme status");
    expect(mail!.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(mail!.text).toContain("/public/subscriptions/manage?token=");
  });

  it("works as a plain form: 202 with a page, and the form on the status page", async () => {
    const page = await new TestClient().get("/");
    expect(page.text).toContain(
      '<form class="subscribe-form" method="post" action="/public/subscriptions">',
    );
    const answer = await new TestClient().post(
      "/public/subscriptions",
      `email=form%40example.com&componentIds=${api}&website=`,
      { headers: FORM },
    );
    expect(answer.status).toBe(202);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.text).toContain("Check your inbox");
    await mailTo("form@example.com");
    const bad = await new TestClient().post("/public/subscriptions", "email=nope", {
      headers: FORM,
    });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("Enter a valid email address.");
    const json = await subscribe({ email: "nope" });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe("validation_failed");
  });

  it("answers a filled-in honeypot alike and does nothing", async () => {
    const answer = await subscribe({ email: "bot@example.com", website: "http://spam.example" });
    expect(answer.status).toBe(202);
    expect(answer.text).toBe('{"state":"pending_confirmation"}');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("bot@example.com")).toEqual([]);
    expect(await subscriberRow("bot@example.com")).toBeUndefined();
  });

  it("limits requests per visitor address (429) and confirmations per email address", async () => {
    const visitor = new TestClient();
    for (let i = 0; i < SUBSCRIBE_REQUESTS_PER_MINUTE; i++) {
      expect((await subscribe({ email: `v${i}@example.com` }, visitor)).status).toBe(202);
    }
    const limited = await subscribe({ email: "one-more@example.com" }, visitor);
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

    for (let i = 0; i < 3; i++)
      expect((await subscribe({ email: "often@example.com" })).status).toBe(202);
    await mailTo("often@example.com");
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(catcher.to("often@example.com")).toHaveLength(1);
  });
});

/** Waits until every subscription request is handled and every message queued has been tried. */
async function settled() {
  const db = await getDb();
  await expect
    .poll(
      async () => {
        const requests = await db.select().from(schema.subscriptionRequest);
        const pending = await db
          .select()
          .from(schema.emailMessage)
          .where(eq(schema.emailMessage.state, "pending"));
        return requests.length + pending.length;
      },
      { timeout: 20_000 },
    )
    .toBe(0);
}

/** Moves an address's last confirmation out of the 15-minute window. */
async function quietFor(email: string) {
  const db = await getDb();
  await db
    .update(schema.subscriber)
    .set({ lastConfirmationAt: new Date(Date.now() - 16 * 60_000) })
    .where(eq(schema.subscriber.email, email));
}

const followedBy = async (email: string) =>
  (await admin.get("/v1/subscribers")).body.find((s: { email: string }) => s.email === email)
    .componentIds;

describe("mail bombing", () => {
  it("mails one mailbox a few confirmations a day, however its address is written, answering every request alike", async () => {
    const variants = Array.from(
      { length: 60 },
      (_, i) =>
        [`victim+${i}@gmail.com`, `v.i.c.tim+${i}@gmail.com`, `Victim+${i}@GoogleMail.com`][i % 3]!,
    );
    const answers = await Promise.all(variants.map((email) => subscribe({ email })));
    for (const answer of answers) {
      expect(answer.status).toBe(202);
      expect(answer.text).toBe('{"state":"pending_confirmation"}');
    }
    await settled();
    const db = await getDb();
    const confirmations = await db
      .select()
      .from(schema.emailMessage)
      .where(
        and(
          eq(schema.emailMessage.kind, "confirmation"),
          like(schema.emailMessage.toAddress, "%c%tim%@%mail.com"),
        ),
      );
    expect(confirmations.length).toBeGreaterThan(0);
    expect(confirmations.length).toBeLessThanOrEqual(CONFIRMATIONS_PER_MAILBOX_A_DAY);
    // Another mailbox at the same provider is not held up by it.
    await subscribe({ email: "someone.else@gmail.com" });
    await mailTo("someone.else@gmail.com");
  });

  it("limits one visitor to a few requests a minute and a few more an hour", async () => {
    const visitor = new TestClient();
    const statuses: number[] = [];
    for (let i = 0; i <= SUBSCRIBE_REQUESTS_PER_MINUTE; i++) {
      statuses.push((await subscribe({ email: `hourly${i}@example.com` }, visitor)).status);
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(SUBSCRIBE_REQUESTS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    // Minute after minute (each window ended here), the visitor goes on until the hour's limit.
    const db = await getDb();
    const aMinuteLater = () =>
      db
        .update(schema.throttle)
        .set({ windowEndsAt: new Date(Date.now() - 1000) })
        .where(like(schema.throttle.key, `${VISITOR_MINUTE_KIND}:%`));
    let accepted = SUBSCRIBE_REQUESTS_PER_MINUTE;
    let limited: Awaited<ReturnType<typeof subscribe>> | undefined;
    for (let i = 0; !limited && i < SUBSCRIBE_REQUESTS_PER_HOUR; i++) {
      if (i % SUBSCRIBE_REQUESTS_PER_MINUTE === 0) await aMinuteLater();
      const answer = await subscribe({ email: `later${i}@example.com` }, visitor);
      if (answer.status === 202) accepted += 1;
      else limited = answer;
    }
    expect(accepted).toBe(SUBSCRIBE_REQUESTS_PER_HOUR);
    expect(limited?.status).toBe(429);
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(60);
  });

  it("refuses the form posted from another site, and takes it from this one", async () => {
    const fromElsewhere = await new TestClient().post(
      "/public/subscriptions",
      { email: "json-elsewhere@example.com" },
      { headers: { origin: "https://elsewhere.example" } },
    );
    expect(fromElsewhere.status).toBe(403);
    expect(fromElsewhere.headers.get("content-type")).toContain("application/problem+json");
    expect(fromElsewhere.body.code).toBe("cross_site_request");

    const crossSiteForm = await new TestClient().post(
      "/public/subscriptions",
      "email=form-elsewhere%40example.com",
      { headers: { ...FORM, origin: "https://elsewhere.example", "sec-fetch-site": "cross-site" } },
    );
    expect(crossSiteForm.status).toBe(403);
    expect(crossSiteForm.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(crossSiteForm.text).toContain("only be sent from this status page");
    const noOriginButCrossSite = await new TestClient().post(
      "/public/subscriptions",
      "email=fetch-metadata%40example.com",
      { headers: { ...FORM, origin: "", "sec-fetch-site": "cross-site" } },
    );
    expect(noOriginButCrossSite.status).toBe(403);

    const here = await new TestClient().post(
      "/public/subscriptions",
      "email=form-here%40example.com",
      { headers: { ...FORM, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" } },
    );
    expect(here.status).toBe(202);
    // The subscription page is sent without a referrer, so its own form posts `Origin: null`:
    // taken when the browser says the page is this one, refused otherwise.
    for (const [site, status] of [
      ["same-origin", 202],
      ["same-site", 403],
      [null, 403],
    ] as const) {
      const fromNull = await new TestClient().post(
        "/public/subscriptions",
        "email=null-origin%40example.com",
        { headers: { ...FORM, origin: "null", ...(site ? { "sec-fetch-site": site } : {}) } },
      );
      expect(fromNull.status, String(site)).toBe(status);
    }
    // A script or a mail client sends no Origin at all.
    const script = await new TestClient().post(
      "/public/subscriptions",
      { email: "script@example.com" },
      { headers: { origin: "" } },
    );
    expect(script.status).toBe(202);
    await mailTo("form-here@example.com");
    await mailTo("script@example.com");
    await settled();
    for (const email of [
      "json-elsewhere@example.com",
      "form-elsewhere@example.com",
      "fetch-metadata@example.com",
    ]) {
      expect(await subscriberRow(email)).toBeUndefined();
    }
  });

  it("ends a subscription left unconfirmed for 7 days", async () => {
    await subscribe({ email: "stale@example.com" });
    await subscribe({ email: "recent@example.com" });
    await subscribeUntilQuiet("old-but-active@example.com");
    await mailTo("stale@example.com");
    await mailTo("recent@example.com");
    const db = await getDb();
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3_600_000);
    for (const email of ["stale@example.com", "old-but-active@example.com"]) {
      await db
        .update(schema.subscriber)
        .set({ createdAt: eightDaysAgo, lastConfirmationAt: eightDaysAgo })
        .where(eq(schema.subscriber.email, email));
    }
    await expirePendingSubscriptions();
    expect(await subscriberRow("stale@example.com")).toBeUndefined();
    expect((await subscriberRow("recent@example.com"))!.state).toBe("pending_confirmation");
    expect((await subscriberRow("old-but-active@example.com"))!.state).toBe("active");
  });
});

describe("asking again", () => {
  it("keeps a pending address's choices and link until the new request's own link is used", async () => {
    await subscribe({ email: "twice@example.com", componentIds: [api] });
    const [first] = await mailTo("twice@example.com");
    const firstLink = pathOf(linkIn(first!.text, "/public/subscriptions/confirm"));
    await quietFor("twice@example.com");
    await subscribe({ email: "twice@example.com" });
    const [, second] = await mailTo("twice@example.com", 2);
    expect(second!.text).toContain("for: every component.");
    const secondLink = pathOf(linkIn(second!.text, "/public/subscriptions/confirm"));

    // Until the new link is used, nothing the first request set has changed.
    expect((await subscriberRow("twice@example.com"))!.state).toBe("pending_confirmation");
    expect(await followedBy("twice@example.com")).toEqual([api]);
    expect((await new TestClient().get(firstLink)).status).toBe(200);

    const confirmed = await new TestClient().post(secondLink, "", { headers: FORM });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect((await subscriberRow("twice@example.com"))!.state).toBe("active");
    expect(await followedBy("twice@example.com")).toEqual([]);
    expect((await new TestClient().post(firstLink, "", { headers: FORM })).status).toBe(404);
  });

  it("keeps the first link working, with its own choices, when it is the one used", async () => {
    await subscribe({ email: "first-wins@example.com", componentIds: [api] });
    const [first] = await mailTo("first-wins@example.com");
    await quietFor("first-wins@example.com");
    await subscribe({ email: "first-wins@example.com" });
    await mailTo("first-wins@example.com", 2);
    const firstLink = pathOf(linkIn(first!.text, "/public/subscriptions/confirm"));
    expect((await new TestClient().post(firstLink, "", { headers: FORM })).status).toBe(200);
    expect(await followedBy("first-wins@example.com")).toEqual([api]);
  });

  it("leaves a bounced address bounced until the link of a new request is used", async () => {
    catcher.refuse("refused-once@example.com", 550, 1);
    await subscribe({ email: "refused-once@example.com", componentIds: [api] });
    await expect
      .poll(async () => (await subscriberRow("refused-once@example.com"))?.state, {
        timeout: 10_000,
      })
      .toBe("bounced");
    await quietFor("refused-once@example.com");
    await subscribe({ email: "refused-once@example.com" });
    const [mail] = await mailTo("refused-once@example.com");
    expect((await subscriberRow("refused-once@example.com"))!.state).toBe("bounced");
    expect(await followedBy("refused-once@example.com")).toEqual([api]);
    const link = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
    expect((await new TestClient().post(link, "", { headers: FORM })).status).toBe(200);
    expect((await subscriberRow("refused-once@example.com"))!.state).toBe("active");
    expect(await followedBy("refused-once@example.com")).toEqual([]);
  });
});

describe("links", () => {
  it("GET on a confirmation link confirms nothing; POST confirms once; a reused link is refused", async () => {
    await subscribe({ email: "confirm@example.com" });
    const [mail] = await mailTo("confirm@example.com");
    const path = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
    const shown = await new TestClient().get(path);
    expect(shown.status).toBe(200);
    expect(shown.text).toContain('method="post"');
    expect(shown.headers.get("referrer-policy")).toBe("no-referrer");
    expect((await subscriberRow("confirm@example.com"))!.state).toBe("pending_confirmation");
    const confirmed = await new TestClient().post(path, "", { headers: FORM });
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain("You are subscribed");
    expect((await subscriberRow("confirm@example.com"))!.state).toBe("active");
    const reused = await new TestClient().post(path, "", { headers: FORM });
    expect(reused.status).toBe(404);
    expect(reused.text).toContain("Link not valid");
    expect((await new TestClient().get("/public/subscriptions/confirm?token=made-up")).status).toBe(
      404,
    );
  });

  it("refuses an expired confirmation link", async () => {
    await subscribe({ email: "late@example.com" });
    const [mail] = await mailTo("late@example.com");
    const db = await getDb();
    const row = await subscriberRow("late@example.com");
    await db
      .update(schema.subscriptionConfirmation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.subscriptionConfirmation.subscriberId, row!.id));
    const path = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
    expect((await new TestClient().get(path)).status).toBe(410);
    const posted = await new TestClient().post(path, "", { headers: FORM });
    expect(posted.status).toBe(410);
    expect(posted.text).toContain("expired");
    expect((await subscriberRow("late@example.com"))!.state).toBe("pending_confirmation");
  });

  it("unsubscribes with the one-click POST (no origin, repeatable, no redirect), and not with GET", async () => {
    await subscribe({ email: "leave@example.com" });
    await confirmFromMail("leave@example.com");
    await admin.post("/v1/incidents", {
      title: "Down",
      impact: "minor",
      body: "Looking.",
      visibility: "published",
    });
    const [mail] = await catcher
      .waitFor(() => catcher.to("leave@example.com").length > 1)
      .then(() => catcher.to("leave@example.com").filter((m) => m.subject.includes("Down")));
    const url = /^<(.+)>$/.exec(mail!.headers.get("list-unsubscribe")!)![1]!;
    const shown = await new TestClient().get(pathOf(url));
    expect(shown.status).toBe(200);
    expect(shown.text).toContain("leave@example.com");
    expect(await subscriberRow("leave@example.com")).toBeDefined();
    for (let i = 0; i < 2; i++) {
      const oneClick = await new TestClient().call("POST", pathOf(url), {
        body: "List-Unsubscribe=One-Click",
        headers: { ...FORM, origin: "" },
      });
      expect(oneClick.status).toBe(200);
      expect(oneClick.headers.get("location")).toBeNull();
      expect(oneClick.text).toContain("You are unsubscribed");
    }
    expect(await subscriberRow("leave@example.com")).toBeUndefined();
    const forged = await new TestClient().post(
      pathOf(url.replace(/token=[^.]+/, "token=019a0000-0000-7000-8000-00000000beef")),
      "List-Unsubscribe=One-Click",
      { headers: FORM },
    );
    expect(forged.status).toBe(404);
  });

  it("keeps the confirm, manage and unsubscribe pages out of other sites' frames", async () => {
    await subscribe({ email: "framed@example.com" });
    const [mail] = await mailTo("framed@example.com");
    const confirmLink = pathOf(linkIn(mail!.text, "/public/subscriptions/confirm"));
    const answers = [await new TestClient().get(confirmLink)];
    answers.push(await new TestClient().post(confirmLink, "", { headers: FORM }));
    const row = await subscriberRow("framed@example.com");
    const { subscriberLinks } = await import("@/lib/email/queue");
    const { manageUrl, unsubscribeUrl } = await subscriberLinks(row!.id, {
      isDefault: true,
      slug: "status",
      host: null,
    });
    answers.push(await new TestClient().get(pathOf(manageUrl)));
    answers.push(
      await new TestClient().post(pathOf(manageUrl), `componentIds=${api}`, { headers: FORM }),
    );
    answers.push(await new TestClient().get(pathOf(unsubscribeUrl)));
    answers.push(await new TestClient().post(pathOf(unsubscribeUrl), "", { headers: FORM }));
    answers.push(await new TestClient().get("/public/subscriptions/manage?token=made-up"));
    for (const answer of answers) {
      expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
      const csp = answer.headers.get("content-security-policy")!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("frame-ancestors *");
      expect(csp).toContain("script-src 'self'");
      expect(answer.headers.get("x-frame-options")).toBe("DENY");
    }
    // Nor are the status page and its subscribe form: only /embed is made to be framed.
    for (const path of ["/", "/public/subscriptions"]) {
      const page = await new TestClient().get(path);
      expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    }
    const embed = await new TestClient().get("/embed");
    expect(embed.headers.get("content-security-policy")).toContain("frame-ancestors *");
    expect(embed.headers.get("x-frame-options")).toBeNull();
  });

  it("lets a subscriber change what they follow on the manage page", async () => {
    await subscribe({ email: "manage@example.com" });
    await confirmFromMail("manage@example.com");
    const row = await subscriberRow("manage@example.com");
    const { subscriberLinks } = await import("@/lib/email/queue");
    const { manageUrl } = await subscriberLinks(row!.id, {
      isDefault: true,
      slug: "status",
      host: null,
    });
    const page = await new TestClient().get(pathOf(manageUrl));
    expect(page.status).toBe(200);
    expect(page.text).toContain(`name="componentIds" value="${api}"`);
    const saved = await new TestClient().post(pathOf(manageUrl), `componentIds=${api}`, {
      headers: FORM,
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Saved.");
    expect(saved.text).toContain(`value="${api}" checked`);
    const list = (await admin.get("/v1/subscribers")).body;
    expect(
      list.find((s: { email: string }) => s.email === "manage@example.com").componentIds,
    ).toEqual([api]);
  });
});
