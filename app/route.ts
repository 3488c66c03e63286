import { optionsFor } from "@/lib/http/api";
import { statusAnswer } from "@/lib/public/answers";
import { servePublic } from "@/lib/public/respond";

export const GET = (request: Request) => servePublic(request, "page", statusAnswer);
export const OPTIONS = optionsFor(["GET"]);
export { GET as HEAD };
