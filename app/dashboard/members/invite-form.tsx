"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { CopyField } from "@/app/ui/copy-field";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { SelectField } from "@/app/ui/select-field";
import { useMailIsLocal } from "../actor";
import type { InvitationCreated } from "../api-types";
import { memberKeys } from "../query-keys";
import { ASSIGNABLE } from "./roles";

export function InviteForm() {
  const queryClient = useQueryClient();
  const mailIsLocal = useMailIsLocal();
  const invite = useMutation({
    mutationFn: (body: { email: string; role: string }) =>
      apiFetch<InvitationCreated>("/v1/invitations", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all }),
  });
  const error = invite.error instanceof ApiError ? invite.error : null;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    invite.mutate({ email: String(form.get("email")), role: String(form.get("role")) });
  }

  return (
    <section className="card">
      <h2>Invite someone</h2>
      <form className="form" onSubmit={onSubmit}>
        <div className="row">
          <Field
            label="Email"
            name="email"
            type="email"
            required
            error={error?.forField("email")}
          />
          <SelectField label="Role" name="role" options={ASSIGNABLE} defaultValue="editor" />
          <button type="submit" disabled={invite.isPending}>
            {invite.isPending ? "Inviting…" : "Invite"}
          </button>
        </div>
        <FormError error={error} />
      </form>
      {invite.data && (
        <div className="stack spaced">
          <p className="success" role="status">
            {mailIsLocal
              ? `Invitation for ${invite.data.invitation.email} created. No mail server is set up, so it was not mailed: pass the link on yourself. It works once, for 7 days.`
              : `Invitation for ${invite.data.invitation.email} created, and the link was mailed to them. It works once, for 7 days; you can also pass it on yourself.`}
          </p>
          <CopyField label="Invitation link" value={invite.data.acceptUrl} />
        </div>
      )}
    </section>
  );
}
