import { Inngest } from "inngest";
import { config } from "@/lib/config";
import { handEventSender } from "@/lib/jobs/engine";

const { eventKey, signingKey, baseUrl, isDev } = config().inngestClient;

/**
 * Background work runs on Inngest when INNGEST_* is configured (both keys, or INNGEST_DEV outside
 * production; lib/config.ts refuses any other mix), and on the embedded runner otherwise
 * (docs/design.md §1); the functions in this folder are thin adapters over lib/ verbs. The client takes
 * its settings from the validated configuration, never from the environment on its own.
 */
export const inngest = new Inngest({
  id: "allclear",
  eventKey,
  signingKey,
  baseUrl,
  isDev,
});

// lib/ announces work through the sender it is handed, never by importing this folder.
handEventSender((event) => inngest.send(event));
