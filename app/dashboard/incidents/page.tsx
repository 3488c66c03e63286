import type { Metadata } from "next";
import { Suspense } from "react";
import { Loading } from "@/app/ui/states";
import { IncidentsView } from "./incidents-view";

export const metadata: Metadata = { title: "Incidents" };

export default function IncidentsPage() {
  // The view reads its tab from the search params, which Next.js renders under a Suspense boundary.
  return (
    <Suspense fallback={<Loading />}>
      <IncidentsView />
    </Suspense>
  );
}
