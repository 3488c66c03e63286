import { handle, route } from "@/lib/api/api";
import { testMonitorInput } from "@/lib/monitors/monitors";
import * as op from "@/lib/monitors/operations";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  POST: handle(op.testMonitorInput, ({ ctx, query, body }) =>
    testMonitorInput({ ctx, input: body, monitorId: query.monitorId }),
  ),
});
