import { pingRoute } from "@/lib/api/heartbeat";

export const { GET, POST, HEAD, PUT, PATCH, DELETE, OPTIONS } = pingRoute({ failed: true });
