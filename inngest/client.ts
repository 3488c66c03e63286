import { Inngest } from "inngest";

/**
 * Background work runs on Inngest when INNGEST_* is configured, and on the embedded runner
 * otherwise (DESIGN §1); the functions in this folder are thin adapters over lib/ verbs.
 */
export const inngest = new Inngest({ id: "allclear" });
