import { feedAnswer } from "@/lib/public/answers";
import { publicOptions, servePublic } from "@/lib/public/respond";

export const GET = (request: Request) =>
  servePublic(request, "data", (snapshot) => feedAnswer(snapshot, "atom"));
export const OPTIONS = publicOptions;
export { GET as HEAD };
