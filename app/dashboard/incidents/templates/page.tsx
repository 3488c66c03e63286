import type { Metadata } from "next";
import { TemplatesView } from "./templates-view";

export const metadata: Metadata = { title: "Incident templates" };

export default function IncidentTemplatesPage() {
  return <TemplatesView />;
}
