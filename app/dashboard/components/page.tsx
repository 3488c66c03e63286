import type { Metadata } from "next";
import { ComponentsView } from "./components-view";

export const metadata: Metadata = { title: "Components" };

export default function ComponentsPage() {
  return <ComponentsView />;
}
