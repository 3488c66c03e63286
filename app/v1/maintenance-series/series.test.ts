import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { wallAt } from "@/lib/time/zones";
import { memberWithRole, setUpOwner, TestClient } from "@/lib/testing/client";
import { startDeliveries } from "@/lib/testing/deliveries";
import type { Receiver } from "@/lib/testing/receiver";
import { linkIn, type MailCatcher } from "@/lib/testing/smtp";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const DAY = 86_400_000;
const ZONE = "Europe/Berlin";

let owner: TestClient;
let editor: TestClient;
let viewer: TestClient;
let catcher: MailCatcher;
let hooks: Receiver;
let stopDeliveries: () => Promise<void>;
let api: string;

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
};

/** An instant `days` from now at 03:00 on the workspace's clock (a quiet hour for maintenance). */
function atThree(days: number): Date {
  const day = new Date(Date.now() + days * DAY);
  const wall = wallAt(day.getTime(), ZONE);
  const utcGuess = Date.UTC(wall.year, wall.month - 1, wall.day, 3, 0);
  // Berlin is one or two hours ahead: try both and keep the one that reads 03:00 there.
  const fit = [utcGuess - 3_600_000, utcGuess - 7_200_000].find(
    (ms) => wallAt(ms, ZONE).hour === 3,
  )!;
  return new Date(fit);
}

beforeAll(async () => {
  ({ catcher, hooks, stop: stopDeliveries } = await startDeliveries());
  ({ client: owner } = await setUpOwner());
  ({ client: editor } = await memberWithRole(owner, "editor"));
  ({ client: viewer } = await memberWithRole(owner, "viewer"));
  expect((await owner.patch("/v1/workspace", { timeZone: ZONE })).status).toBe(200);
  const endpoint = await owner.post("/v1/webhook-endpoints", {
    kind: "webhook",
    name: "Operations",
    url: `${hooks.url}/events`,
  });
  expect(endpoint.status, endpoint.text).toBe(201);
  const created = await editor.post("/v1/components", { name: "API" });
  api = created.body.id;
  const subscriber = await owner.post("/v1/subscribers", { email: "reader@example.com" });
  expect(subscriber.status, subscriber.text).toBe(201);
  await catcher.waitFor(() => catcher.to("reader@example.com").length > 0);
  const confirmed = await new TestClient().post(
    pathOf(linkIn(catcher.to("reader@example.com")[0]!.text, "/public/subscriptions/confirm")),
    "",
    { headers: FORM },
  );
  expect(confirmed.status, confirmed.text).toBe(200);
});

afterAll(() => stopDeliveries());

beforeEach(() => catcher.clear());

async function createSeries(body: Record<string, unknown> = {}) {
  const first = atThree(2);
  const response = await editor.post("/v1/maintenance-series", {
    title: "Weekly patching",
    body: "Kernel updates.",
    startsAt: first.toISOString(),
    endsAt: new Date(first.getTime() + 60 * 60_000).toISOString(),
    componentIds: [api],
    recurrence: "FREQ=WEEKLY",
    ...body,
  });
  expect(response.status, response.text).toBe(201);
  return response.body;
}

type Window = {
  id: string;
  title: string;
  status: string;
  startsAt: string;
  endsAt: string;
  seriesId: string | null;
  componentIds: string[];
  remindBeforeMinutes: number | null;
};

async function windowsOf(seriesId: string): Promise<Window[]> {
  const { maintenances } = (await viewer.get("/v1/maintenances?limit=200")).body;
  return (maintenances as Window[])
    .filter((w) => w.seriesId === seriesId)
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}

const eventsAbout = (ids: string[], type?: string) =>
  hooks
    .on("/events")
    .map((request) => ({ ...JSON.parse(request.body), at: request.at }))
    .filter((e) => ids.includes(e.data.maintenance?.id) && (!type || e.type === type));

describe("recurring maintenance", () => {
  it("creates the next 30 days of windows at the same local time, announcing only the first", async () => {
    const series = await createSeries();
    expect(series).toMatchObject({
      title: "Weekly patching",
      recurrence: "FREQ=WEEKLY",
      timeZone: ZONE,
      componentIds: [api],
      remindBeforeMinutes: null,
      endedAt: null,
    });
    expect(series.nextStarts).toHaveLength(5);
    const windows = await windowsOf(series.id);
    // Weekly from the first window, as far as 30 days ahead.
    expect(windows[0]!.startsAt).toBe(series.startsAt);
    const starts = windows.map((w) => Date.parse(w.startsAt));
    expect(starts.at(-1)!).toBeLessThan(Date.now() + 30 * DAY);
    expect(starts.at(-1)! + 7 * DAY + 3_600_000).toBeGreaterThan(Date.now() + 30 * DAY);
    for (let i = 1; i < starts.length; i += 1) {
      expect(Math.abs(starts[i]! - starts[i - 1]! - 7 * DAY)).toBeLessThanOrEqual(3_600_000);
    }
    expect(windows.map((w) => w.startsAt)).toEqual(series.nextStarts.slice(0, windows.length));
    for (const w of windows) {
      expect(wallAt(Date.parse(w.startsAt), ZONE)).toMatchObject({ hour: 3, minute: 0 });
      expect(Date.parse(w.endsAt) - Date.parse(w.startsAt)).toBe(60 * 60_000);
      expect(w).toMatchObject({
        status: "scheduled",
        componentIds: [api],
        title: "Weekly patching",
      });
    }
    await hooks.waitFor("/events", 1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const scheduled = eventsAbout(
      windows.map((w) => w.id),
      "maintenance.scheduled",
    );
    expect(scheduled.map((e) => e.data.maintenance.id)).toEqual([windows[0]!.id]);
    expect(scheduled[0].data.maintenance.seriesId).toBe(series.id);

    expect((await viewer.get(`/v1/maintenance-series/${series.id}`)).body.id).toBe(series.id);
    const listed = (await viewer.get("/v1/maintenance-series")).body.series;
    expect(listed.map((s: { id: string }) => s.id)).toContain(series.id);
  });

  it("reads the rule on the workspace's clock across a change of the clocks", async () => {
    // Sundays at 09:00 in Berlin from 17 March 2030; summer time begins on the 31st.
    const response = await editor.post("/v1/maintenance-series", {
      title: "Spring patching",
      body: "",
      startsAt: "2030-03-17T08:00:00Z",
      endsAt: "2030-03-17T09:00:00Z",
      componentIds: [],
      recurrence: "RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=4",
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.recurrence).toBe("FREQ=WEEKLY;BYDAY=SU;COUNT=4");
    expect(response.body.nextStarts).toEqual([
      "2030-03-17T08:00:00.000Z",
      "2030-03-24T08:00:00.000Z",
      "2030-03-31T07:00:00.000Z",
      "2030-04-07T07:00:00.000Z",
    ]);
    // Years away: no window exists yet.
    expect(await windowsOf(response.body.id)).toEqual([]);
  });

  it("edits one occurrence on its own, and the series without touching it", async () => {
    const series = await createSeries({ title: "Database vacuum" });
    const before = await windowsOf(series.id);
    const [first, second, third] = before;
    const moved = new Date(Date.parse(second!.startsAt) + 2 * 3_600_000);
    const edited = await editor.put(`/v1/maintenances/${second!.id}`, {
      title: "Database vacuum (longer)",
      body: "Twice the tables.",
      startsAt: moved.toISOString(),
      endsAt: new Date(moved.getTime() + 2 * 3_600_000).toISOString(),
      componentIds: [],
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body.seriesId).toBe(series.id);
    expect((await editor.post(`/v1/maintenances/${third!.id}/cancel`)).status).toBe(200);

    // The series moves to 04:00, with a new title and a reminder.
    const start = new Date(Date.parse(series.startsAt) + 3_600_000);
    const replaced = await editor.put(`/v1/maintenance-series/${series.id}`, {
      title: "Database vacuum v2",
      body: "Kernel updates.",
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
      componentIds: [api],
      recurrence: "FREQ=WEEKLY",
      remindBeforeMinutes: 120,
    });
    expect(replaced.status, replaced.text).toBe(200);
    const after = await windowsOf(series.id);
    const byId = new Map(after.map((w) => [w.id, w]));
    // One window a day: the edited one kept its own edits, the cancelled one stays cancelled, and
    // neither day gets a second window.
    expect(after).toHaveLength(before.length);
    expect(byId.get(second!.id)).toMatchObject({
      title: "Database vacuum (longer)",
      startsAt: moved.toISOString(),
      componentIds: [],
    });
    expect(byId.get(third!.id)!.status).toBe("cancelled");
    const following = after.filter((w) => w.id !== second!.id && w.id !== third!.id);
    expect(following.map((w) => w.id)).toEqual(
      before.filter((w) => w.id !== second!.id && w.id !== third!.id).map((w) => w.id),
    );
    for (const w of following) {
      expect(w).toMatchObject({
        title: "Database vacuum v2",
        status: "scheduled",
        remindBeforeMinutes: 120,
      });
      expect(wallAt(Date.parse(w.startsAt), ZONE)).toMatchObject({ hour: 4, minute: 0 });
      expect(Date.parse(w.endsAt) - Date.parse(w.startsAt)).toBe(30 * 60_000);
    }
    expect(byId.get(first!.id)!.startsAt).toBe(start.toISOString());

    // A rule on other days withdraws the windows it no longer has; nobody was told of them.
    const monday = await editor.put(`/v1/maintenance-series/${series.id}`, {
      ...replaced.body,
      id: undefined,
      timeZone: undefined,
      endedAt: undefined,
      nextStarts: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      recurrence: `FREQ=DAILY;INTERVAL=2`,
    });
    expect(monday.status, monday.text).toBe(200);
    const rewritten = await windowsOf(series.id);
    const ids = new Set(rewritten.map((w) => w.id));
    expect(ids.has(second!.id) && ids.has(third!.id)).toBe(true);
    const scheduled = rewritten.filter((w) => w.status === "scheduled" && w.id !== second!.id);
    expect(scheduled.length).toBeGreaterThanOrEqual(13);
    for (let i = 1; i < scheduled.length; i += 1) {
      const gap = Date.parse(scheduled[i]!.startsAt) - Date.parse(scheduled[i - 1]!.startsAt);
      expect(gap % (2 * DAY) === 0 || gap > 2 * DAY).toBe(true);
    }
  });

  it("ends: windows still to come are withdrawn, and an ended series no longer changes", async () => {
    const series = await createSeries({ title: "Ending soon" });
    const windows = await windowsOf(series.id);
    expect(windows.length).toBeGreaterThanOrEqual(4);
    // A note on the third: announced, it is cancelled rather than deleted, its note kept.
    const note = await editor.post(`/v1/maintenances/${windows[2]!.id}/updates`, {
      body: "Bring snacks.",
    });
    expect(note.status, note.text).toBe(201);
    expect((await viewer.delete(`/v1/maintenance-series/${series.id}`)).status).toBe(403);
    expect((await editor.delete(`/v1/maintenance-series/${series.id}`)).status).toBe(204);
    // The first was announced as scheduled and the third has a note: both are called off in
    // the open; the others, never announced, are gone.
    const left = await windowsOf(series.id);
    expect(left.map((w) => [w.id, w.status])).toEqual([
      [windows[0]!.id, "cancelled"],
      [windows[2]!.id, "cancelled"],
    ]);
    const noted = (await viewer.get(`/v1/maintenances/${windows[2]!.id}`)).body;
    expect(noted.updates.map((u: { body: string }) => u.body)).toEqual(["Bring snacks."]);
    await expect
      .poll(() => eventsAbout([windows[0]!.id, windows[2]!.id], "maintenance.cancelled").length)
      .toBe(2);
    const ended = (await viewer.get(`/v1/maintenance-series/${series.id}`)).body;
    expect(ended.endedAt).not.toBeNull();
    expect(ended.nextStarts).toEqual([]);
    const again = await editor.delete(`/v1/maintenance-series/${series.id}`);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("illegal_transition");
    const put = await editor.put(`/v1/maintenance-series/${series.id}`, {
      title: "Back",
      body: "",
      startsAt: series.startsAt,
      endsAt: series.endsAt,
      componentIds: [],
      recurrence: "FREQ=WEEKLY",
    });
    expect(put.status).toBe(409);
  });

  it("refuses rules that overlap, end before now, or are not rules", async () => {
    const first = atThree(1);
    const input = {
      title: "Bad",
      body: "",
      startsAt: first.toISOString(),
      endsAt: new Date(first.getTime() + 3_600_000).toISOString(),
      componentIds: [],
    };
    const overlap = await editor.post("/v1/maintenance-series", {
      ...input,
      endsAt: new Date(first.getTime() + 25 * 3_600_000).toISOString(),
      recurrence: "FREQ=DAILY",
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.errors).toEqual([
      { field: "endsAt", message: expect.stringMatching(/overlap/) },
    ]);
    const over = await editor.post("/v1/maintenance-series", {
      ...input,
      startsAt: "2020-01-01T02:00:00Z",
      endsAt: "2020-01-01T03:00:00Z",
      recurrence: "FREQ=DAILY;COUNT=3",
    });
    expect(over.status).toBe(400);
    expect(over.body.errors[0].field).toBe("recurrence");
    const garbage = await editor.post("/v1/maintenance-series", {
      ...input,
      recurrence: "every tuesday",
    });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors[0].field).toBe("recurrence");
    const hourly = await editor.post("/v1/maintenance-series", {
      ...input,
      recurrence: "FREQ=HOURLY",
    });
    expect(hourly.status).toBe(400);
    // Numbers that are not whole, and a rule that never matches: refused, without hanging.
    for (const recurrence of ["FREQ=DAILY;INTERVAL=1.5", "FREQ=DAILY;BYSETPOS=2"]) {
      const started = Date.now();
      const refused = await editor.post("/v1/maintenance-series", { ...input, recurrence });
      expect(refused.status, recurrence).toBe(400);
      expect(refused.body.errors[0].field).toBe("recurrence");
      expect(Date.now() - started).toBeLessThan(5000);
    }
    const missing = await editor.get("/v1/maintenance-series/019a0000-0000-7000-8000-000000000003");
    expect(missing.status).toBe(404);
  });
});

describe("maintenance reminders", () => {
  it("go out once, the configured minutes before the start, to endpoints and subscribers", async () => {
    // Starts in 62 s with a one-minute reminder: the reminder is due in 2 s.
    const startsAt = Date.now() + 62_000;
    const response = await editor.post("/v1/maintenances", {
      title: "Certificate rotation",
      body: "Brief reconnects.",
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 600_000).toISOString(),
      componentIds: [api],
      remindBeforeMinutes: 1,
    });
    expect(response.status, response.text).toBe(201);
    expect(response.body.remindBeforeMinutes).toBe(1);
    const id = response.body.id as string;
    // Another with no reminder, and one whose reminder moment has already passed.
    const quiet = await editor.post("/v1/maintenances", {
      title: "Quiet window",
      body: "",
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 600_000).toISOString(),
      componentIds: [],
    });
    const late = await editor.post("/v1/maintenances", {
      title: "Late window",
      body: "",
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 600_000).toISOString(),
      componentIds: [],
      remindBeforeMinutes: 5,
    });
    await catcher.waitFor(() =>
      catcher.to("reader@example.com").some((m) => /starts soon/.test(m.subject)),
    );
    const reminders = eventsAbout([id, quiet.body.id, late.body.id], "maintenance.reminder");
    expect(reminders.map((e) => e.data.maintenance.id)).toEqual([id]);
    expect(reminders[0].at).toBeGreaterThanOrEqual(startsAt - 60_000);
    expect(reminders[0].at).toBeLessThan(startsAt - 50_000);
    expect(reminders[0].data.maintenance.status).toBe("scheduled");
    const mail = catcher.to("reader@example.com").find((m) => /starts soon/.test(m.subject))!;
    expect(mail.subject).toContain("Certificate rotation");
    expect(mail.text).toContain("Brief reconnects.");
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(eventsAbout([id], "maintenance.reminder")).toHaveLength(1);
    // Cancel them so they do not start while the rest of the suite runs.
    for (const window of [id, quiet.body.id, late.body.id]) {
      expect((await editor.post(`/v1/maintenances/${window}/cancel`)).status).toBe(200);
    }
  });

  it("are set again when a window moves, and not sent for a window moved or cancelled before its moment", async () => {
    const startsAt = Date.now() + 63_000;
    const created = await editor.post("/v1/maintenances", {
      title: "Moved window",
      body: "",
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 600_000).toISOString(),
      componentIds: [],
      remindBeforeMinutes: 1,
    });
    const cancelled = await editor.post("/v1/maintenances", {
      title: "Called-off window",
      body: "",
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 600_000).toISOString(),
      componentIds: [],
      remindBeforeMinutes: 1,
    });
    expect((await editor.post(`/v1/maintenances/${cancelled.body.id}/cancel`)).status).toBe(200);
    // Moved 2 s later: its reminder is due 5 s from the start of the test, not 3 s.
    const moved = startsAt + 2000;
    const put = await editor.put(`/v1/maintenances/${created.body.id}`, {
      title: "Moved window",
      body: "",
      startsAt: new Date(moved).toISOString(),
      endsAt: new Date(moved + 600_000).toISOString(),
      componentIds: [],
      remindBeforeMinutes: 1,
    });
    expect(put.status, put.text).toBe(200);
    await hooks.waitFor("/events", hooks.on("/events").length + 1, 10_000);
    const until = Date.now() + 8000;
    while (!eventsAbout([created.body.id], "maintenance.reminder").length && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const reminders = eventsAbout([created.body.id, cancelled.body.id], "maintenance.reminder");
    expect(reminders.map((e) => e.data.maintenance.id)).toEqual([created.body.id]);
    expect(reminders[0].at).toBeGreaterThanOrEqual(moved - 60_000);
    expect((await editor.post(`/v1/maintenances/${created.body.id}/cancel`)).status).toBe(200);
  });

  it("come with each occurrence of a series", async () => {
    const startsAt = Date.now() + 62_000;
    const series = await editor.post("/v1/maintenance-series", {
      title: "Nightly rotation",
      body: "",
      startsAt: new Date(startsAt).toISOString(),
      endsAt: new Date(startsAt + 600_000).toISOString(),
      componentIds: [],
      recurrence: "FREQ=DAILY",
      remindBeforeMinutes: 1,
    });
    expect(series.status, series.text).toBe(201);
    const windows = await windowsOf(series.body.id);
    expect(windows.length).toBeGreaterThanOrEqual(30);
    expect(windows.every((w) => w.remindBeforeMinutes === 1)).toBe(true);
    const until = Date.now() + 10_000;
    while (!eventsAbout([windows[0]!.id], "maintenance.reminder").length && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const reminders = eventsAbout(
      windows.map((w) => w.id),
      "maintenance.reminder",
    );
    expect(reminders.map((e) => e.data.maintenance.id)).toEqual([windows[0]!.id]);
    expect((await editor.delete(`/v1/maintenance-series/${series.body.id}`)).status).toBe(204);
    // The window already reminded of is cancelled, so its readers hear that it is off.
    const [first] = await windowsOf(series.body.id);
    expect(first).toMatchObject({ id: windows[0]!.id, status: "cancelled" });
  });
});
