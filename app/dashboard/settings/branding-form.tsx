"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { apiFetch, type ApiError } from "@/lib/client/api";
import { CheckField } from "@/app/ui/check-field";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { MarkdownField } from "@/app/ui/markdown-field";
import { SelectField } from "@/app/ui/select-field";
import { useApiSubmit } from "@/app/ui/use-api-submit";
import type { Workspace } from "../api-types";
import { workspaceKeys } from "../query-keys";
import { AccentField } from "./accent-field";
import type { BrandingChoices } from "./branding-choices";
import { HeaderLinks } from "./header-links";

/** The public page's own link colours (public/status.css `--link`): what an empty accent means. */
const DEFAULT_ACCENT = { light: "#1558c0", dark: "#7fb0ff" };

const FIELDS = [
  "defaultLocale",
  "accentColor",
  "accentColorDark",
  "headerLinks",
  "supportUrl",
  "footerText",
  "showPoweredBy",
];

/** The refusals shown beside a field: the ones above, and each header link's label and address. */
const shownFields = (error: ApiError | null) =>
  (error?.fieldErrors ?? [])
    .map((e) => e.field)
    .filter((field) => FIELDS.includes(field) || /^headerLinks\.\d+\.(label|url)$/.test(field));

/** An emptied optional field means "none", which the API takes as null. */
const orNull = (value: FormDataEntryValue | null) => String(value ?? "").trim() || null;

/** A new answer with other branding remounts the form, so it shows what was stored. */
const brandingOf = (ws: Workspace) =>
  JSON.stringify([
    ws.defaultLocale,
    ws.accentColor,
    ws.accentColorDark,
    ws.headerLinks,
    ws.supportUrl,
    ws.footerText,
    ws.showPoweredBy,
  ]);

/** How the public page looks and where it links: its language, colours, links and footer. */
export function BrandingSettings({
  workspace,
  languages,
}: {
  workspace: Workspace;
  languages: BrandingChoices["languages"];
}) {
  const queryClient = useQueryClient();
  const { error, pending, submit } = useApiSubmit();
  const [saved, setSaved] = useState(false);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaved(false);
    const form = new FormData(event.currentTarget);
    const urls = form.getAll("headerLinkUrl");
    const result = await submit(() =>
      apiFetch<Workspace>("/v1/workspace", {
        method: "PATCH",
        body: {
          defaultLocale: form.get("defaultLocale"),
          accentColor: orNull(form.get("accentColor")),
          accentColorDark: orNull(form.get("accentColorDark")),
          headerLinks: form
            .getAll("headerLinkLabel")
            .map((label, n) => ({ label: String(label), url: String(urls[n] ?? "").trim() })),
          supportUrl: orNull(form.get("supportUrl")),
          footerText: String(form.get("footerText") ?? ""),
          showPoweredBy: form.has("showPoweredBy"),
        },
      }),
    );
    if (result.ok) {
      queryClient.setQueryData(workspaceKeys.all, result.value);
      setSaved(true);
    }
  }

  return (
    <section className="card" aria-labelledby="branding-heading">
      <h2 id="branding-heading">Branding</h2>
      <form className="form" onSubmit={save} key={brandingOf(workspace)}>
        <SelectField
          label="Default language"
          name="defaultLocale"
          defaultValue={workspace.defaultLocale}
          options={languages}
          hint="For visitors whose browser asks for no language the page speaks."
          error={error?.forField("defaultLocale")}
        />
        <AccentField
          label="Accent colour, light scheme"
          pickerLabel="Colour picker, light scheme"
          name="accentColor"
          initial={workspace.accentColor}
          fallback={DEFAULT_ACCENT.light}
          hint="Links and buttons, as #rrggbb; it must reach 4.5:1 against the light page. Empty: the default blue."
          error={error?.forField("accentColor")}
        />
        <AccentField
          label="Accent colour, dark scheme"
          pickerLabel="Colour picker, dark scheme"
          name="accentColorDark"
          initial={workspace.accentColorDark}
          fallback={DEFAULT_ACCENT.dark}
          hint="As #rrggbb; it must reach 4.5:1 against the dark page. Empty: the light accent, lightened until it does."
          error={error?.forField("accentColorDark")}
        />
        <HeaderLinks initial={workspace.headerLinks} error={error} />
        <Field
          label="Support link"
          name="supportUrl"
          type="url"
          defaultValue={workspace.supportUrl ?? ""}
          placeholder="https:// or mailto:"
          autoComplete="off"
          hint={`The page's "Get support" link: an https:// or mailto: address. Empty: none.`}
          error={error?.forField("supportUrl")}
        />
        <MarkdownField
          label="Footer text"
          name="footerText"
          defaultValue={workspace.footerText}
          error={error?.forField("footerText")}
        />
        <CheckField
          label='Show "Powered by Allclear"'
          name="showPoweredBy"
          defaultChecked={workspace.showPoweredBy}
        />
        <FormError error={error} shown={shownFields(error)} />
        {saved && (
          <p className="success" role="status">
            Saved. The public page shows it now.
          </p>
        )}
        <div>
          <button type="submit" disabled={pending}>
            {pending ? "Saving…" : "Save branding"}
          </button>
        </div>
      </form>
    </section>
  );
}
