import { statuspageAnswer } from "@/lib/public/answers";
import { publicOptions, servePublic } from "@/lib/public/respond";

type Context = { params: Promise<{ file: string[] }> };

export async function GET(request: Request, { params }: Context) {
  const { file } = await params;
  return servePublic(request, "data", (snapshot) => statuspageAnswer(snapshot, file));
}
export const OPTIONS = publicOptions;
export { GET as HEAD };
