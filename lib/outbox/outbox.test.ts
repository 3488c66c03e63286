import { describe, expect, it } from "vitest";
import { getDb, type Transaction } from "@/db/client";
import { setUpOwner } from "@/lib/testing/client";
import { emitEvent, eventsWrittenIn } from "./outbox";

describe("the events a transaction wrote", () => {
  it("belong to that transaction alone, however transactions interleave", async () => {
    const { workspaceId } = await setUpOwner();
    const db = await getDb();
    const emit = (tx: Transaction) =>
      emitEvent(tx, {
        workspaceId,
        type: "incident.created",
        subject: { kind: "incident", resource: { id: "019a0000-0000-7000-8000-000000000001" } },
      });
    const [one, two, none] = await Promise.all([
      db.transaction(async (tx) => (await emit(tx), eventsWrittenIn(tx))),
      db.transaction(async (tx) => (await emit(tx), await emit(tx), eventsWrittenIn(tx))),
      db.transaction(async (tx) => eventsWrittenIn(tx)),
    ]);
    expect(one).toHaveLength(1);
    expect(two).toHaveLength(2);
    expect(none).toEqual([]);
    expect(new Set([...one!, ...two!]).size).toBe(3);
  });
});
