"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { NewPasswordField } from "@/app/ui/new-password-field";
import { useApiSubmit } from "@/app/ui/use-api-submit";

/**
 * `askForToken`: only a holder of the setup token may set up (SETUP_TOKEN, or the printed link's
 * token for a visitor on another machine); `linkToken`: the token the setup link carried.
 */
export function SetupForm({
  askForToken,
  linkToken,
  tokenHint,
}: {
  askForToken: boolean;
  linkToken: string | null;
  tokenHint: string;
}) {
  const router = useRouter();
  const { error, pending, submit } = useApiSubmit();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await submit(() =>
      apiFetch("/v1/setup", {
        method: "POST",
        headers: askForToken
          ? { "x-setup-token": String(form.get("setupToken") ?? "") }
          : linkToken
            ? { "x-setup-token": linkToken }
            : {},
        body: {
          workspaceName: form.get("workspaceName"),
          name: form.get("name"),
          email: form.get("email"),
          password: form.get("password"),
        },
      }),
    );
    if (result.ok) router.replace("/dashboard");
    else if (result.error.code === "already_set_up") router.replace("/sign-in");
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError error={error} />
      {askForToken && (
        <Field
          label="Setup token"
          name="setupToken"
          type="password"
          autoComplete="off"
          hint={tokenHint}
          required
        />
      )}
      <Field
        label="Workspace name"
        name="workspaceName"
        autoComplete="organization"
        error={error?.forField("workspaceName")}
        required
      />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        error={error?.forField("name")}
        required
      />
      <Field
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        error={error?.forField("email")}
        required
      />
      <NewPasswordField error={error?.forField("password")} />
      <button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create workspace"}
      </button>
    </form>
  );
}
