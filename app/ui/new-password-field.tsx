import { Field } from "./field";

/** A new password, with the rule the API applies. */
export function NewPasswordField({
  label = "Password",
  name = "password",
  error,
}: {
  label?: string;
  name?: string;
  error?: string;
}) {
  return (
    <Field
      label={label}
      name={name}
      type="password"
      autoComplete="new-password"
      hint="At least 8 characters."
      minLength={8}
      error={error}
      required
    />
  );
}
