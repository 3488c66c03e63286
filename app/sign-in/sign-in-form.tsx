"use client";

import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { safeNextPath } from "@/lib/auth/next-path";
import { authClient } from "@/lib/client/auth-client";
import { Field } from "@/app/ui/field";

/** A wait in words: "45 seconds", "15 minutes". */
function inWords(seconds: number): string {
  if (seconds < 90) return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** better-auth's own errors say `message`; the limits in front of it answer problem+json. */
type Failure = { status: number; message?: string; detail?: string };

function describe(failure: Failure): string {
  if (failure.status === 429) {
    // The server says how long to wait ("… try again in 899 s."); say it in words.
    const said = failure.message ?? failure.detail ?? "";
    const seconds = Number(/(\d+)\s*s\b/.exec(said)?.[1]);
    return Number.isFinite(seconds) && seconds > 0
      ? `Too many attempts. Try again in ${inWords(seconds)}.`
      : "Too many attempts. Wait a minute and try again.";
  }
  return failure.message ?? "Sign-in failed.";
}

/** What the provider's callback said when it did not sign the visitor in. */
function providerRefusal(error: string | null): string | null {
  if (!error) return null;
  return error === "unable_to_create_user" || error === "unable_to_create_session"
    ? "Single sign-on did not let you in: your address may not join this workspace. Ask an admin to invite you."
    : "Single sign-on did not sign you in. Try again, or ask an admin.";
}

export function SignInForm({ sso = false }: { sso?: boolean }) {
  const router = useRouter();
  const params = useSearchParams();
  const [redirecting, setRedirecting] = useState(false);
  const refused = providerRefusal(params.get("error"));

  async function signInWithProvider() {
    setRedirecting(true);
    setError(null);
    const { error: failure } = await authClient().signIn.social({
      provider: "sso",
      callbackURL: safeNextPath(params.get("next")),
      errorCallbackURL: "/sign-in",
    });
    if (failure) {
      setRedirecting(false);
      setError(describe(failure as Failure));
    }
  }
  const [step, setStep] = useState<"password" | "code" | "backup">("password");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function attempt(action: () => Promise<{ data: unknown; error: Failure | null }>) {
    setPending(true);
    setError(null);
    const { data, error: failure } = await action();
    setPending(false);
    if (failure) {
      setError(describe(failure));
      return;
    }
    if (data && typeof data === "object" && "twoFactorRedirect" in data && data.twoFactorRedirect) {
      setStep("code");
      return;
    }
    router.replace(safeNextPath(params.get("next")));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    if (step === "password") {
      void attempt(() =>
        authClient().signIn.email({ email: text("email"), password: String(form.get("password")) }),
      );
    } else if (step === "code") {
      void attempt(() =>
        authClient().twoFactor.verifyTotp({ code: text("code").replace(/\s/g, "") }),
      );
    } else {
      void attempt(() => authClient().twoFactor.verifyBackupCode({ code: text("code") }));
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} key={step}>
      {(error ?? refused) && (
        <p className="alert" role="alert">
          {error ?? refused}
        </p>
      )}
      {step === "password" && sso && (
        <>
          <button type="button" onClick={() => void signInWithProvider()} disabled={redirecting}>
            {redirecting ? "Going to single sign-on…" : "Sign in with single sign-on"}
          </button>
          <p className="muted">Or with your password:</p>
        </>
      )}
      {step === "password" && (
        <>
          <Field label="Email" name="email" type="email" autoComplete="email" required />
          <Field
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <button type="submit" disabled={pending}>
            {pending ? "Signing in…" : "Sign in"}
          </button>
          <Link href="/forgot-password">Forgot your password?</Link>
        </>
      )}
      {step === "code" && (
        <>
          <p className="muted">Enter the 6-digit code from your authenticator app.</p>
          <Field
            label="Authentication code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            required
          />
          <button type="submit" disabled={pending}>
            Verify
          </button>
          <button type="button" className="secondary" onClick={() => setStep("backup")}>
            Use a backup code instead
          </button>
        </>
      )}
      {step === "backup" && (
        <>
          <Field label="Backup code" name="code" autoComplete="off" autoFocus required />
          <button type="submit" disabled={pending}>
            Verify
          </button>
          <button type="button" className="secondary" onClick={() => setStep("code")}>
            Use the authenticator app
          </button>
        </>
      )}
    </form>
  );
}
