import type { ApiError } from "@/lib/client/api";

/**
 * The API's refusal. Field errors show beside their fields; those for fields the form does not
 * show by name (`shown` lists the ones it does, e.g. a component in a list) are listed here, in
 * the form's own words, so no refusal goes unexplained.
 */
export function FormError({
  error,
  shown,
  describe = (field) => field,
}: {
  error: ApiError | null;
  shown?: readonly string[];
  describe?: (field: string) => string;
}) {
  if (!error) return null;
  if (!error.fieldErrors.length) {
    return (
      <p className="alert" role="alert">
        {error.message}
      </p>
    );
  }
  if (!shown) return null;
  const elsewhere = error.fieldErrors.filter((e) => !shown.includes(e.field));
  return (
    <div className="alert" role="alert">
      <p>
        {error.fieldErrors.length === 1
          ? "One thing needs fixing before this can be saved."
          : `${error.fieldErrors.length} things need fixing before this can be saved.`}
      </p>
      {elsewhere.length > 0 && (
        <ul>
          {elsewhere.map((e) => (
            <li key={e.field}>
              {describe(e.field)}: {e.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
