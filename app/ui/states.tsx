/** The loading and error states every data view shows instead of a blank page. */
export function Loading({ what = "Loading…" }: { what?: string }) {
  return (
    <p className="skeleton" role="status">
      {what}
    </p>
  );
}

export function ErrorNotice({ error }: { error: Error | null | undefined }) {
  if (!error) return null;
  return (
    <p className="alert" role="alert">
      {error.message}
    </p>
  );
}
