"use client";

import Link from "next/link";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { authClient } from "@/lib/client/auth-client";
import { Field } from "@/app/ui/field";
import { NewPasswordField } from "@/app/ui/new-password-field";
import { ErrorNotice, Loading } from "@/app/ui/states";
import { sessionKeys } from "../query-keys";
import type { BrandingChoices } from "./branding-choices";
import { useCan } from "../actor";
import { SingleSignOnSettings } from "./single-sign-on";
import { TwoFactorSettings } from "./two-factor";
import { WorkspaceSettings } from "./workspace";

type Outcome = { ok: boolean; message: string } | null;

function OutcomeNotice({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return (
    <p className={outcome.ok ? "success" : "alert"} role={outcome.ok ? "status" : "alert"}>
      {outcome.message}
    </p>
  );
}

export function SettingsView({ choices }: { choices: BrandingChoices }) {
  const queryClient = useQueryClient();
  const admin = useCan("admin");
  // Read fresh each time: two-factor state and name change here and elsewhere.
  const session = useQuery({
    queryKey: sessionKeys.all,
    queryFn: async () => {
      const { data, error } = await authClient().getSession({
        query: { disableCookieCache: true },
      });
      if (error || !data) throw new Error(error?.message ?? "Not signed in.");
      return data;
    },
    staleTime: 0,
  });
  const [profile, setProfile] = useState<Outcome>(null);
  const [password, setPassword] = useState<Outcome>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: sessionKeys.all });

  async function saveName(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get("name")).trim();
    const { error } = await authClient().updateUser({ name });
    setProfile(
      error
        ? { ok: false, message: error.message ?? "Could not save." }
        : { ok: true, message: "Saved." },
    );
    await refresh();
  }

  async function changePassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const { error } = await authClient().changePassword({
      currentPassword: String(data.get("currentPassword")),
      newPassword: String(data.get("newPassword")),
      revokeOtherSessions: true,
    });
    if (!error) form.reset();
    setPassword(
      error
        ? { ok: false, message: error.message ?? "Could not change the password." }
        : { ok: true, message: "Password changed; your other sessions were signed out." },
    );
  }

  if (session.isPending) return <Loading />;
  if (session.isError) return <ErrorNotice error={session.error} />;
  const user = session.data.user as typeof session.data.user & { twoFactorEnabled?: boolean };

  return (
    <div className="stack">
      <h1>Settings</h1>
      <section className="card">
        <h2>Your account</h2>
        <form className="form" onSubmit={saveName}>
          <p className="muted">Signed in as {user.email}</p>
          <Field label="Name" name="name" defaultValue={user.name} required maxLength={200} />
          <OutcomeNotice outcome={profile} />
          <div>
            <button type="submit">Save name</button>
          </div>
        </form>
      </section>
      <section className="card">
        <h2>Password</h2>
        <form className="form" onSubmit={changePassword}>
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            required
          />
          <NewPasswordField label="New password" name="newPassword" />
          <OutcomeNotice outcome={password} />
          <div>
            <button type="submit">Change password</button>
          </div>
        </form>
      </section>
      <TwoFactorSettings enabled={Boolean(user.twoFactorEnabled)} onChange={refresh} />
      <WorkspaceSettings choices={choices} />
      {admin && <SingleSignOnSettings />}
      {admin && (
        <section className="card" aria-labelledby="import-heading">
          <h2 id="import-heading">Import</h2>
          <p>
            Coming from Statuspage, Instatus, Better Stack or Uptime Kuma?{" "}
            <Link href="/dashboard/settings/import">Import from another service</Link>: your page,
            its history and subscribers, or your monitors.
          </p>
        </section>
      )}
    </div>
  );
}
