import * as audit from "@/lib/audit/operations";
import * as components from "@/lib/components/operations";
import * as email from "@/lib/email/operations";
import * as imports from "@/lib/import/operations";
import * as incidents from "@/lib/incidents/operations";
import * as maintenance from "@/lib/maintenance/operations";
import * as pages from "@/lib/pages/operations";
import * as reports from "@/lib/reports/operations";
import * as notifications from "@/lib/notifications/operations";
import * as members from "@/lib/members/operations";
import * as monitors from "@/lib/monitors/operations";
import * as subscribers from "@/lib/subscribers/operations";
import * as sso from "@/lib/sso/operations";
import * as statuspage from "@/lib/statuspage/operations";
import * as tokens from "@/lib/tokens/operations";
import * as workspace from "@/lib/workspace/operations";
import type { Operation } from "@/lib/contract/operation";

/** Every `/v1` operation. The role policy, the route handlers and `/openapi.json` all read these. */
export const operations: readonly Operation[] = [
  ...Object.values(workspace),
  ...Object.values(members),
  ...Object.values(sso),
  ...Object.values(components),
  ...Object.values(pages),
  ...Object.values(statuspage),
  ...Object.values(incidents),
  ...Object.values(maintenance),
  ...Object.values(monitors),
  ...Object.values(notifications),
  ...Object.values(subscribers),
  ...Object.values(email),
  ...Object.values(tokens),
  ...Object.values(audit),
  ...Object.values(reports),
  ...Object.values(imports),
];
