"use client";

import { useState, type FormEvent } from "react";
import { authClient } from "@/lib/client/auth-client";
import { Field } from "@/app/ui/field";

export function ForgotForm() {
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
    setPending(true);
    setError(null);
    const { error: failure } = await authClient().requestPasswordReset({
      email,
      redirectTo: "/reset-password",
    });
    setPending(false);
    if (failure) {
      setError(
        failure.status === 429
          ? "Too many requests. Wait a minute and try again."
          : (failure.message ?? "The request failed; try again."),
      );
      return;
    }
    setSent(true);
  }

  if (sent) {
    return (
      <p className="success" role="status">
        If that address has an account, a link to choose a new password is on its way. It works
        once, for an hour.
      </p>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit}>
      <p className="muted">We mail you a link to choose a new password.</p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      <Field label="Email" name="email" type="email" autoComplete="email" required />
      <button type="submit" disabled={pending}>
        {pending ? "Sending…" : "Send reset link"}
      </button>
    </form>
  );
}
