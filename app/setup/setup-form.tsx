"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";

export function SetupForm() {
  const router = useRouter();
  const [error, setError] = useState<ApiError | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    try {
      await apiFetch("/v1/setup", {
        method: "POST",
        body: {
          workspaceName: form.get("workspaceName"),
          name: form.get("name"),
          email: form.get("email"),
          password: form.get("password"),
        },
      });
      router.replace("/dashboard");
    } catch (caught) {
      setError(
        caught instanceof ApiError
          ? caught
          : new ApiError(0, "network", "Could not reach the server."),
      );
      if (caught instanceof ApiError && caught.code === "already_set_up")
        router.replace("/sign-in");
      setPending(false);
    }
  }

  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      {error && !error.fieldErrors.length && (
        <p className="alert" role="alert">
          {error.message}
        </p>
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
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters."
        error={error?.forField("password")}
        required
      />
      <button type="submit" disabled={pending}>
        {pending ? "Creating…" : "Create workspace"}
      </button>
    </form>
  );
}
