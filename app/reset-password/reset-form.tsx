"use client";

import Link from "next/link";
import { useState, type FormEvent } from "react";
import { authClient } from "@/lib/client/auth-client";
import { NewPasswordField } from "@/app/ui/new-password-field";

export function ResetForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const newPassword = String(new FormData(event.currentTarget).get("password") ?? "");
    setPending(true);
    setError(null);
    const { error: failure } = await authClient().resetPassword({ newPassword, token });
    setPending(false);
    if (failure) {
      setError(
        failure.code === "INVALID_TOKEN"
          ? "This link has expired or was used already. Ask for a new one."
          : (failure.message ?? "The password could not be changed."),
      );
      return;
    }
    setDone(true);
  }

  if (done) {
    return (
      <p className="success" role="status">
        Your password is changed, and every session of your account has ended.{" "}
        <Link href="/sign-in">Sign in</Link> with the new one.
      </p>
    );
  }
  return (
    <form className="form" onSubmit={onSubmit}>
      {error && (
        <p className="alert" role="alert">
          {error} <Link href="/forgot-password">Send a new link</Link>
        </p>
      )}
      <NewPasswordField />
      <button type="submit" disabled={pending}>
        {pending ? "Saving…" : "Set new password"}
      </button>
    </form>
  );
}
