import { optionsFor } from "@/lib/http/api";
import { unsubscribe, showUnsubscribe } from "@/lib/public/subscriptions";

export const GET = showUnsubscribe;
export const POST = unsubscribe;
export const OPTIONS = optionsFor(["GET", "POST"]);
