import { optionsFor } from "@/lib/api/api";
import { postPageAccess, followSignInLink } from "@/lib/public/access";

// A private page on a host of its own takes its password, and mails and follows sign-in links,
// here.
export const GET = followSignInLink;
export const POST = postPageAccess;
export const OPTIONS = optionsFor(["GET", "POST"]);
