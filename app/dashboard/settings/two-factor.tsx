"use client";

import QRCode from "qrcode";
import { useState, type FormEvent } from "react";
import { authClient } from "@/lib/client/auth-client";
import { Field } from "@/app/ui/field";

type Enrolment = { totpURI: string; secret: string; qr: string; backupCodes: string[] };

/** Two-factor enrolment: password, then a QR code (and its key as text), then a first code. */
export function TwoFactorSettings({
  enabled,
  onChange,
}: {
  enabled: boolean;
  onChange: () => void;
}) {
  const [step, setStep] = useState<"idle" | "password" | "scan" | "disable">("idle");
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function run(
    action: () => Promise<{ error: { message?: string } | null }>,
    next: () => void,
  ) {
    setPending(true);
    setError(null);
    const { error: failure } = await action();
    setPending(false);
    if (failure) setError(failure.message ?? "That did not work.");
    else next();
  }

  async function startEnrolment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password"));
    setPending(true);
    setError(null);
    const { data, error: failure } = await authClient().twoFactor.enable({ password });
    setPending(false);
    if (failure || !data || data.method !== "totp") {
      setError(failure?.message ?? "Could not start two-factor enrolment.");
      return;
    }
    const secret = new URL(data.totpURI).searchParams.get("secret") ?? "";
    setEnrolment({
      totpURI: data.totpURI,
      backupCodes: data.backupCodes,
      secret,
      qr: await QRCode.toDataURL(data.totpURI, { margin: 1, width: 200 }),
    });
    setStep("scan");
  }

  function confirm(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code")).replace(/\s/g, "");
    void run(
      () => authClient().twoFactor.verifyTotp({ code }),
      () => {
        setStep("idle");
        onChange();
      },
    );
  }

  function disable(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password"));
    void run(
      () => authClient().twoFactor.disable({ password }),
      () => {
        setStep("idle");
        setEnrolment(null);
        onChange();
      },
    );
  }

  return (
    <section className="card">
      <h2>Two-factor authentication</h2>
      <p>
        Status: <strong data-testid="two-factor-status">{enabled ? "On" : "Off"}</strong>
      </p>
      {error && (
        <p className="alert" role="alert">
          {error}
        </p>
      )}
      {step === "idle" && !enabled && (
        <button type="button" onClick={() => setStep("password")}>
          Set up two-factor
        </button>
      )}
      {step === "idle" && enabled && (
        <button type="button" className="secondary" onClick={() => setStep("disable")}>
          Turn off two-factor
        </button>
      )}
      {step === "password" && (
        <form className="form" onSubmit={startEnrolment}>
          <Field
            label="Current password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="row">
            <button type="submit" disabled={pending}>
              Continue
            </button>
            <button type="button" className="secondary" onClick={() => setStep("idle")}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {step === "scan" && enrolment && (
        <div className="stack">
          <p>Scan this code with an authenticator app (1Password, Google Authenticator, Authy…).</p>
          {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made in the browser */}
          <img className="qr" src={enrolment.qr} alt="QR code for your authenticator app" />
          <p>
            Can&apos;t scan it? Enter this key instead:{" "}
            <code data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <div>
            <p>
              <strong>Backup codes.</strong> Each works once if you lose your authenticator. Keep
              them somewhere safe; they are not shown again.
            </p>
            <ul className="codes" data-testid="backup-codes">
              {enrolment.backupCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
          </div>
          <form className="form" onSubmit={confirm}>
            <Field
              label="Code from the app"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
            />
            <button type="submit" disabled={pending}>
              Turn on two-factor
            </button>
          </form>
        </div>
      )}
      {step === "disable" && (
        <form className="form" onSubmit={disable}>
          <Field
            label="Current password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
          />
          <div className="row">
            <button type="submit" className="danger" disabled={pending}>
              Turn off
            </button>
            <button type="button" className="secondary" onClick={() => setStep("idle")}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
