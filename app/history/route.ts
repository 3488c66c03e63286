import { optionsFor } from "@/lib/http/api";
import { historyPageAnswer } from "@/lib/public/answers";
import { servePublic } from "@/lib/public/respond";

export function GET(request: Request) {
  const page = new URL(request.url).searchParams.get("page");
  return servePublic(request, "page", (snapshot) => historyPageAnswer(snapshot, page));
}
export const OPTIONS = optionsFor(["GET"]);
export { GET as HEAD };
