import { optionsFor } from "@/lib/api/api";
import { startPageSignIn } from "@/lib/public/page-sign-in";

// An audience page on a host of its own sends its readers to its provider from here.
export const GET = startPageSignIn;
export const OPTIONS = optionsFor(["GET"]);
