import type { InngestFunction } from "inngest";

/** Every Inngest function the app serves at /api/inngest. */
export const functions: InngestFunction.Any[] = [];
