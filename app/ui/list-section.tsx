import type { HTMLAttributes, ReactNode } from "react";
import { ErrorNotice, Loading } from "./states";

/**
 * A titled part of a page that lists things: its heading, then while loading or failed the state
 * of its data, a line when there is nothing to list, and the list. The section is a region named
 * `label`, so journeys and screen readers find it by name.
 */
export function ListSection({
  label,
  heading = <h2>{label}</h2>,
  pending = false,
  error,
  empty,
  children,
  ...section
}: Omit<HTMLAttributes<HTMLElement>, "aria-label"> & {
  label: string;
  heading?: ReactNode;
  pending?: boolean;
  error?: Error | null;
  /** Shown, in muted words, only when given: the caller decides when the list is empty. */
  empty?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section aria-label={label} {...section}>
      {heading}
      {pending && <Loading />}
      <ErrorNotice error={error} />
      {empty ? <p className="muted">{empty}</p> : null}
      {children}
    </section>
  );
}
