import type { Metadata } from "next";
import { PagesView } from "./pages-view";

export const metadata: Metadata = { title: "Status pages" };

export default function StatusPagesPage() {
  return <PagesView />;
}
