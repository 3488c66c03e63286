import { optionsFor } from "@/lib/api/api";
import { handleSubscribe, showSubscribeForm } from "@/lib/public/subscriptions";

export const GET = showSubscribeForm;
export const POST = handleSubscribe;
export const OPTIONS = optionsFor(["GET", "POST"]);
