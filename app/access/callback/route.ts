import { optionsFor } from "@/lib/api/api";
import { finishPageSignIn } from "@/lib/public/page-sign-in";

// An audience page on a host of its own takes its readers back from its provider here.
export const GET = finishPageSignIn;
export const OPTIONS = optionsFor(["GET"]);
