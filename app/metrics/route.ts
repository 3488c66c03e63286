import { route } from "@/lib/api/api";
import { serveMetrics } from "@/lib/api/metrics";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: serveMetrics });
