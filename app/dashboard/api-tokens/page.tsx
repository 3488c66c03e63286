import type { Metadata } from "next";
import { ApiTokensView } from "./api-tokens-view";

export const metadata: Metadata = { title: "API tokens" };

export default function ApiTokensPage() {
  return <ApiTokensView />;
}
