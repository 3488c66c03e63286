import { publicOptions, servePublic } from "@/lib/public/respond";

export const GET = servePublic;
export const OPTIONS = publicOptions;
export { GET as HEAD };
