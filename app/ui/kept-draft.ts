"use client";

import { useState } from "react";

export type Draft = { fields: Record<string, string>; extra: unknown };

function read(key: string): Draft | null {
  try {
    const saved = JSON.parse(sessionStorage.getItem(key) ?? "null") as Draft | null;
    return saved && typeof saved.fields === "object" ? saved : null;
  } catch {
    return null;
  }
}

/**
 * What a long form holds, kept in this tab's session storage as it is typed, so leaving the page
 * half-way (a link, the back button, a reload) loses nothing. Dropped once sent or cancelled.
 */
export function useKeptDraft(key: string) {
  const [restored] = useState(() => (typeof window === "undefined" ? null : read(key)));
  return {
    restored,
    /** The field's kept value, else the form's own default. */
    field: (name: string, fallback = "") => restored?.fields[name] ?? fallback,
    keep(form: HTMLFormElement, extra?: unknown) {
      const fields: Record<string, string> = {};
      for (const element of Array.from(form.elements)) {
        const input = element as HTMLInputElement;
        if (!input.name) continue;
        fields[input.name] = input.type === "checkbox" ? String(input.checked) : input.value;
      }
      sessionStorage.setItem(key, JSON.stringify({ fields, extra } satisfies Draft));
    },
    drop: () => sessionStorage.removeItem(key),
  };
}

/** Whether a draft is kept under `key`, for opening its form when the page loads. */
export const hasKeptDraft = (key: string) => read(key) !== null;
