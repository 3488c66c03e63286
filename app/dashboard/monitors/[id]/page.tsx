import type { Metadata } from "next";
import { MonitorView } from "./monitor-view";

export const metadata: Metadata = { title: "Monitors" };

export default async function MonitorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <MonitorView id={id} />;
}
