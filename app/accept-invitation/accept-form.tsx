"use client";

import { useRouter } from "next/navigation";
import type { FormEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { NewPasswordField } from "@/app/ui/new-password-field";
import { useApiSubmit } from "@/app/ui/use-api-submit";

export function AcceptForm({ token }: { token: string }) {
  const router = useRouter();
  const { error, pending, submit } = useApiSubmit();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const result = await submit(() =>
      apiFetch("/v1/invitations/accept", {
        method: "POST",
        body: { token, name: form.get("name"), password: form.get("password") },
      }),
    );
    if (result.ok) router.replace("/dashboard");
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <FormError error={error} />
      <Field
        label="Your name"
        name="name"
        autoComplete="name"
        error={error?.forField("name")}
        required
      />
      <NewPasswordField error={error?.forField("password")} />
      <button type="submit" disabled={pending}>
        {pending ? "Joining…" : "Accept invitation"}
      </button>
    </form>
  );
}
