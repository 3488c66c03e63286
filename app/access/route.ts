import { optionsFor } from "@/lib/api/api";
import { enterPagePassword } from "@/lib/public/access";

// A password page on a host of its own takes its password here.
export const POST = enterPagePassword;
export const OPTIONS = optionsFor(["POST"]);
