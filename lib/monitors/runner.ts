import { config } from "@/lib/config";
import { logError } from "@/lib/log";
import {
  claimDueChecks,
  ensureRegionSlots,
  nextSlotDueAt,
  recordChecks,
  runClaim,
  type Claim,
  type Done,
  type ToEvaluate,
} from "./checker";
import { evaluateMonitors } from "./effects";
import { pruneResults, purgeDeletedMonitors } from "./retention";
import { OVERDUE_MARGIN_MS, CheckWatch } from "./watch";
import { checkerStore as store, type Checker } from "@/lib/jobs/wake";

/** Slots are leased this far ahead and started by a timer at their exact time. */
const HORIZON_MS = 1_000;
const CLAIM_EVERY_MS = 250;
/**
 * With no slot due within the horizon, the checker sleeps until the next one, this long at most.
 * A monitor made or changed in this process wakes it at once; on PostgreSQL, so does one made in
 * any other instance.
 */
const IDLE_CLAIM_MAX_MS = 5_000;
const RECORD_EVERY_MS = 200;
const EVALUATE_EVERY_MS = 200;
const MAX_IN_FLIGHT = 2_000;
const WATCH_EVERY_MS = 1_000;
const SLOTS_EVERY_MS = 10_000;
// Each checker asks this often; the deployment prunes at most once per PRUNE_EVERY_SECONDS.
const PRUNE_EVERY_MS = 60_000;
// Deleted monitors' results are removed this often, for at most PURGE_BUDGET_MS each time.
const PURGE_EVERY_MS = 10_000;
const PURGE_BUDGET_MS = 5_000;

/**
 * The long-running checker of one region (docs/design.md §8): inside every server process, or alone
 * (`npm run checker`). It leases due slots a second ahead, starts each check at its slot's time,
 * and records finished checks in batches. Monitors whose state may change are evaluated in a loop
 * of their own, so a burst of changes never holds up recording; the changes go through the same
 * verbs as a person's actions.
 */
export function startChecker({ region = config().region } = {}): Checker {
  if (store.__allclearChecker) return store.__allclearChecker;
  let stopped = false;
  const watch = new CheckWatch<Claim>();
  const finished: Done[] = [];
  // Monitors whose recorded checks may change their state, evaluated beside the recording.
  let toEvaluate: ToEvaluate = new Map();
  // Checks in flight by their watch ticket; one given up leaves at once, so stopping never
  // waits for it.
  const running = new Map<number, Promise<unknown>>();
  const timers = new Map<string, NodeJS.Timeout>();
  let claiming: Promise<void> = Promise.resolve();
  let recording: Promise<void> = Promise.resolve();
  let evaluating: Promise<void> = Promise.resolve();
  let lastSlots = 0;
  let lastPrune = Date.now();
  let housekeeping: Promise<void> = Promise.resolve();
  let woken = false;

  const track = (ticket: number, promise: Promise<unknown>) => {
    running.set(ticket, promise);
    void promise.finally(() => running.delete(ticket));
  };

  const claim = async () => {
    if (Date.now() - lastSlots > SLOTS_EVERY_MS) {
      lastSlots = Date.now();
      await ensureRegionSlots(region);
    }
    const room = MAX_IN_FLIGHT - watch.inFlight;
    const claims = await claimDueChecks({ region, horizonMs: HORIZON_MS, limit: room });
    for (const claimed of claims) {
      const ticket = watch.begin({
        item: claimed,
        startsAt: Math.max(Date.now(), claimed.scheduledAt.getTime()),
        timeoutMs: claimed.timeoutMs,
        intervalMs: claimed.intervalMs,
      });
      track(
        ticket,
        runClaim(claimed).then((done) => {
          if ("skipped" in done || "waiting" in done) watch.drop(ticket);
          // A check the watchdog gave up has been recorded already; its late answer is dropped.
          else if (!watch.settle(ticket)) return;
          finished.push(done);
        }),
      );
    }
    // Checks in flight here make their next slots when recorded: no sleeping past those.
    if (claims.length || watch.inFlight > 0) return CLAIM_EVERY_MS;
    const next = await nextSlotDueAt(region);
    const wait = next === null ? IDLE_CLAIM_MAX_MS : next - HORIZON_MS - Date.now();
    return Math.min(IDLE_CLAIM_MAX_MS, Math.max(CLAIM_EVERY_MS, wait));
  };

  // Checks end at their deadline; one that does not is a fault of ours. It is given up and
  // recorded as a checker_error (logged, never "down"), and its place is freed.
  const giveUpOverdue = async () => {
    for (const { ticket, item: claim } of watch.overdue()) {
      running.delete(ticket);
      finished.push({
        claim,
        startedAt: new Date(claim.scheduledAt),
        outcome: {
          status: "down",
          statusCode: null,
          error: {
            class: "checker_error",
            message: `The check did not end within its ${claim.timeoutMs} ms deadline and ${OVERDUE_MARGIN_MS} ms more, and was given up.`,
          },
          timings: { dnsMs: null, connectMs: null, tlsMs: null, firstByteMs: null, totalMs: 0 },
        },
      });
    }
  };

  const record = async () => {
    const batch = finished.splice(0, finished.length);
    for (const [monitorId, workspaceId] of await recordChecks(batch)) {
      toEvaluate.set(monitorId, workspaceId);
    }
  };

  const evaluate = async () => {
    const batch = toEvaluate;
    toEvaluate = new Map();
    if (batch.size) await evaluateMonitors(batch);
  };

  // Runs `work` again `ms` after each pass ends, or after the delay the pass answers.
  const every = (
    name: string,
    ms: number,
    work: () => Promise<number | void>,
    set: (p: Promise<void>) => void,
  ) => {
    const loop = () => {
      if (stopped) return;
      let delay = ms;
      const pass = work()
        .then((next) => {
          if (typeof next === "number") delay = next;
        })
        .catch((error: unknown) => logError("The monitor checker failed:", error));
      set(pass);
      void pass.finally(() => {
        if (stopped) return;
        timers.set(name, setTimeout(loop, delay));
      });
    };
    loop();
  };
  every("claim", CLAIM_EVERY_MS, claim, (p) => (claiming = p));
  every("record", RECORD_EVERY_MS, record, (p) => (recording = p));
  every("evaluate", EVALUATE_EVERY_MS, evaluate, (p) => (evaluating = p));
  every("watch", WATCH_EVERY_MS, giveUpOverdue, () => {});
  // Deleting old and deleted monitors' results runs beside claiming and recording, never in
  // their way.
  every(
    "retention",
    PURGE_EVERY_MS,
    async () => {
      if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
        lastPrune = Date.now();
        await pruneResults();
      }
      await purgeDeletedMonitors({ budgetMs: PURGE_BUDGET_MS });
    },
    (p) => (housekeeping = p),
  );

  const checker: Checker = {
    health: () => watch.health(),
    // Wakes coming together (a burst of writes anywhere) make one extra claim, not one each.
    wake: () => {
      if (stopped || woken) return;
      woken = true;
      void claiming
        .then(() => {
          woken = false;
          return stopped ? undefined : claim();
        })
        .catch(() => {});
    },
    stop: async () => {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      await claiming;
      await Promise.all(running.values());
      await recording;
      await record().catch((error: unknown) => logError("The monitor checker failed:", error));
      await evaluating;
      await housekeeping;
      await evaluate().catch((error: unknown) => logError("The monitor checker failed:", error));
      store.__allclearChecker = undefined;
    },
  };
  store.__allclearChecker = checker;
  return checker;
}
