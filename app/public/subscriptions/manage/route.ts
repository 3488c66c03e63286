import { optionsFor } from "@/lib/api/api";
import { manage, showManage } from "@/lib/public/subscriptions";

export const GET = showManage;
export const POST = manage;
export const OPTIONS = optionsFor(["GET", "POST"]);
