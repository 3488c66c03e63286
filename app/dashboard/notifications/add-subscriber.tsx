"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { ApiError, apiFetch } from "@/lib/client/api";
import { focusItemWhenShown, focusOnMount, focusWhenShown } from "@/app/ui/announcer";
import { Field } from "@/app/ui/field";
import { describeFollowedField, FollowedComponents } from "@/app/ui/followed-components";
import { closeOnEscape, FormActions } from "@/app/ui/form-actions";
import { FormError } from "@/app/ui/form-error";
import type { Subscriber } from "../api-types";
import { useComponentChoices } from "../components/use-components";
import { useStatusPages } from "../pages/use-pages";
import { SelectField } from "@/app/ui/select-field";
import { subscriberKeys } from "../query-keys";

export const ADD_SUBSCRIBER_OPENER = '[data-opens="add-subscriber"]';

export function AddSubscriber({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const choices = useComponentChoices();
  const pages = useStatusPages().data?.data ?? [];
  const [componentIds, setComponentIds] = useState<string[]>([]);
  const add = useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      apiFetch<Subscriber>("/v1/subscribers", { method: "POST", body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriberKeys.all }),
  });
  const error = add.error instanceof ApiError ? add.error : null;
  const cancel = () => {
    onDone();
    focusWhenShown(ADD_SUBSCRIBER_OPENER);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const pageId = form.get("pageId");
    add.mutate({
      email: String(form.get("email")).trim(),
      componentIds,
      ...(pageId ? { pageId: String(pageId) } : {}),
    });
  }

  if (add.data) {
    return (
      <section className="card stack">
        <p className="success" role="status" tabIndex={-1} ref={focusOnMount}>
          A confirmation link was mailed to {add.data.email}. They hear nothing else until they
          confirm.
        </p>
        <div>
          <button
            type="button"
            onClick={() => {
              onDone();
              focusItemWhenShown(add.data.id);
            }}
          >
            Done
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="card">
      <h3>Add subscriber</h3>
      <form
        className="form"
        onSubmit={submit}
        onInput={() => add.error && add.reset()}
        onKeyDown={closeOnEscape(cancel)}
      >
        <FormError error={error} shown={["email", "pageId"]} describe={describeFollowedField} />
        <Field
          label="Email address"
          name="email"
          type="email"
          required
          autoFocus
          maxLength={254}
          error={error?.forField("email")}
        />
        {pages.length > 1 && (
          <SelectField
            label="Page"
            name="pageId"
            options={pages.map((page) => ({ value: page.id, label: page.name }))}
            hint="They hear of what this page shows them; on an audience page, the address must be in one of its audiences."
            error={error?.forField("pageId")}
          />
        )}
        <FollowedComponents choices={choices} initial={[]} onChange={setComponentIds} />
        <FormActions
          label="Add subscriber"
          pendingLabel="Adding…"
          pending={add.isPending}
          onCancel={cancel}
        />
      </form>
    </section>
  );
}
