import { optionsFor } from "@/lib/api/api";
import { unsubscribe, showUnsubscribe } from "@/lib/public/subscriptions";

export const GET = showUnsubscribe;
export const POST = unsubscribe;
export const OPTIONS = optionsFor(["GET", "POST"]);
