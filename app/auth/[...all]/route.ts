import { handleAuthRequest } from "@/lib/auth/gate";
import { optionsFor } from "@/lib/api/api";

export { handleAuthRequest as GET, handleAuthRequest as POST };
export const OPTIONS = optionsFor(["GET", "POST"]);
