import { optionsFor } from "@/lib/api/api";
import { servePublic } from "@/lib/public/respond";

export const GET = servePublic;
export const OPTIONS = optionsFor(["GET"]);
export { GET as HEAD };
