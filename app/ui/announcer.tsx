"use client";

import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";

const AnnounceContext = createContext<(message: string) => void>(() => {});

/**
 * The dashboard's one live region: every save, creation and removal says what happened, read out
 * by screen readers and shown for a few seconds to everyone else.
 */
export function Announcer({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState({ text: "", serial: 0 });
  const announce = useCallback(
    (text: string) => setMessage((previous) => ({ text, serial: previous.serial + 1 })),
    [],
  );
  useEffect(() => {
    if (!message.text) return;
    const timer = setTimeout(() => setMessage((m) => ({ ...m, text: "" })), 8000);
    return () => clearTimeout(timer);
  }, [message]);
  return (
    <AnnounceContext.Provider value={announce}>
      {children}
      <div className="announcer" role="status" aria-live="polite" data-testid="announcer">
        {/* A new key makes a repeated message ("Saved.") a new announcement. */}
        {message.text && <p key={message.serial}>{message.text}</p>}
      </div>
    </AnnounceContext.Provider>
  );
}

export const useAnnounce = () => useContext(AnnounceContext);

const FOCUSABLE = "[data-item-focus], a[href], button:not([disabled]), input, select, textarea";

function focusInside(element: HTMLElement) {
  const target = element.matches("[data-item-focus]")
    ? element
    : (element.querySelector<HTMLElement>(FOCUSABLE) ?? element);
  if (!target.matches(FOCUSABLE) && !target.hasAttribute("tabindex")) target.tabIndex = -1;
  target.focus();
}

/** Focuses what `selector` finds once it is on the page: a new item appears when its list reloads. */
export function focusWhenShown(selector: string) {
  const started = Date.now();
  const look = () => {
    const target = document.querySelector<HTMLElement>(selector);
    if (target) focusInside(target);
    else if (Date.now() - started < 5000) setTimeout(look, 50);
  };
  look();
}

/**
 * Focuses the item marked `data-item-id={id}`, or the control inside it matching `control` (the
 * one that opened a form), once it is on the page.
 */
export const focusItemWhenShown = (id: string, control?: string) =>
  focusWhenShown(`[data-item-id="${CSS.escape(id)}"]${control ? ` ${control}` : ""}`);

/** Focus moves to what appeared in place of the control just used, such as a form's result. */
export const focusOnMount = (element: HTMLElement | null) => element?.focus();

/** The page's button that opened a form it replaced, focused again once the form closes. */
export const PAGE_OPENER = '[data-opens="page-form"]';

/**
 * Chosen before an item goes: where focus lands after it has, the next item of its list, else the
 * previous one, else the list's heading, so keyboard users stay where they were.
 */
export function focusAfterRemoval(from: HTMLElement | null): () => void {
  const item = from?.closest<HTMLElement>("[data-item-id]");
  const sibling = (element: Element | null | undefined, step: "next" | "previous") => {
    let current = element;
    do {
      current = step === "next" ? current?.nextElementSibling : current?.previousElementSibling;
    } while (current && !current.matches("[data-item-id]"));
    return current as HTMLElement | null | undefined;
  };
  const neighbour = sibling(item, "next") ?? sibling(item, "previous");
  const heading =
    item?.closest("section")?.querySelector<HTMLElement>("h2, h1") ??
    document.querySelector<HTMLElement>("main h1");
  const page = () => {
    const title = document.querySelector<HTMLElement>("main h1");
    if (title) focusInside(title);
  };
  return () => {
    if (neighbour?.isConnected) focusInside(neighbour);
    else if (heading?.isConnected) focusInside(heading);
    else page();
    // The heading's whole section may go with its last item, a moment later.
    const started = Date.now();
    const watch = setInterval(() => {
      if (document.activeElement === document.body) page();
      if (Date.now() - started > 2000) clearInterval(watch);
    }, 100);
  };
}

/**
 * Removing an item: once the API has it, says `said` and moves focus on from the item (chosen
 * before it goes). A refusal shows where the caller shows its mutation's error.
 */
export function useRemoval() {
  const announce = useAnnounce();
  return (from: HTMLElement, remove: () => Promise<unknown>, said: string) => {
    const after = focusAfterRemoval(from);
    remove().then(
      () => {
        announce(said);
        after();
      },
      () => {},
    );
  };
}
