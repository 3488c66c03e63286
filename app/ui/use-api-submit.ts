"use client";

import { useState } from "react";
import { ApiError } from "@/lib/client/api";

/** Submitting a form to the API: pending while it runs, and the API's error (field by field). */
export function useApiSubmit() {
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  async function submit<T>(
    send: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false; error: ApiError }> {
    setPending(true);
    setError(null);
    try {
      return { ok: true, value: await send() };
    } catch (caught) {
      const failure =
        caught instanceof ApiError
          ? caught
          : new ApiError(0, "network", "Could not reach the server.");
      setError(failure);
      return { ok: false, error: failure };
    } finally {
      setPending(false);
    }
  }

  /** A refusal stays until the form changes: what it named may be fixed by then. */
  const reset = () => setError(null);

  return { error, pending, submit, reset };
}
