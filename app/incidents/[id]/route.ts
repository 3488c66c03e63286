import { optionsFor } from "@/lib/http/api";
import { incidentAnswer } from "@/lib/public/answers";
import { servePublic } from "@/lib/public/respond";

type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context) {
  const { id } = await params;
  return servePublic(request, "page", (snapshot) => incidentAnswer(snapshot, id));
}
export const OPTIONS = optionsFor(["GET"]);
export { GET as HEAD };
