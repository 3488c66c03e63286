import { optionsFor } from "@/lib/api/api";
import { confirm, showConfirm } from "@/lib/public/subscriptions";

export const GET = showConfirm;
export const POST = confirm;
export const OPTIONS = optionsFor(["GET", "POST"]);
