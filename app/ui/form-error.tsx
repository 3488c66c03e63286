import type { ApiError } from "@/lib/client/api";

/** The API's refusal when no single field carries it (field errors show beside their fields). */
export function FormError({ error }: { error: ApiError | null }) {
  if (!error || error.fieldErrors.length) return null;
  return (
    <p className="alert" role="alert">
      {error.message}
    </p>
  );
}
