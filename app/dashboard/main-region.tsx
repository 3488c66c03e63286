"use client";

import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";

/**
 * The dashboard's content, marked busy for assistive technology until what it shows has first
 * loaded: from the server's markup until the page's own queries have their first answers.
 * Refreshing what is already shown does not make it busy.
 */
export function MainRegion({ children }: { children: ReactNode }) {
  // The page's queries start in its effects, which run before this one.
  const [started, setStarted] = useState(false);
  useEffect(() => setStarted(true), []);
  const loading = useIsFetching({ predicate: (query) => query.state.data === undefined });
  return (
    <main className="main" id="main" tabIndex={-1} aria-busy={!started || loading > 0}>
      {children}
    </main>
  );
}
