"use client";

import { useRef, type ChangeEvent } from "react";
import { apiFetch } from "@/lib/client/api";
import { Field } from "@/app/ui/field";
import { FormError } from "@/app/ui/form-error";
import { useApiSubmit } from "@/app/ui/use-api-submit";
import type { PageImageKind, Workspace } from "../api-types";
import { ImagePreview } from "./image-preview";
import { sizeInKiB, typeName, typeNames, type PageImage } from "./page-image-words";

/** Firefox names an icon file by its registered type; the API knows it by the common one. */
const contentTypeOf = (file: File) =>
  file.type === "image/vnd.microsoft.icon" ? "image/x-icon" : file.type;

/** One of the page's images: what is there now, a file to put in its place, and Remove. */
export function ImageSlot({
  kind,
  label,
  image,
  types,
  limitKiB,
  onBegin,
  onSaved,
}: {
  kind: PageImageKind;
  label: string;
  image: PageImage | null;
  types: readonly string[];
  limitKiB: number;
  onBegin: () => void;
  onSaved: (workspace: Workspace, message: string) => void;
}) {
  const { error, pending, submit } = useApiSubmit();
  const slot = useRef<HTMLDivElement>(null);
  const path = `/v1/workspace/images/${kind}`;

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    onBegin();
    const type = contentTypeOf(file);
    // Without a type the API refuses it (415) and names the types it takes.
    const headers: Record<string, string> = type ? { "content-type": type } : {};
    const result = await submit(() =>
      apiFetch<Workspace>(path, { method: "PUT", body: file, headers }),
    );
    // Emptied, the input takes the same file again after it is fixed.
    input.value = "";
    if (result.ok)
      onSaved(result.value, `${label} saved. The public page shows it within a second.`);
  }

  async function remove() {
    onBegin();
    const result = await submit(() => apiFetch<Workspace>(path, { method: "DELETE" }));
    if (!result.ok) return;
    onSaved(result.value, `${label} removed. The public page shows it within a second.`);
    // The Remove button is gone with the image; the file input is what is left to use.
    slot.current?.querySelector("input")?.focus();
  }

  return (
    <div className="page-image-slot" ref={slot}>
      <Field
        label={label}
        name={kind}
        type="file"
        accept={kind === "favicon" ? [...types, ".ico"].join(",") : types.join(",")}
        hint={`${typeNames(types)}, up to ${limitKiB} KiB. Saved as soon as it is chosen.`}
        error={error?.forField("body")}
        onChange={upload}
      />
      <div className="row">
        {image ? (
          <>
            <ImagePreview kind={kind} label={label} image={image} />
            <span className="muted">
              {typeName(image.contentType)}, {sizeInKiB(image.size)}
            </span>
            <button
              type="button"
              className="secondary"
              aria-label={`Remove ${label.toLowerCase()}`}
              disabled={pending}
              onClick={() => void remove()}
            >
              Remove
            </button>
          </>
        ) : (
          <span className="muted">None yet.</span>
        )}
      </div>
      {pending && (
        <p className="muted" role="status">
          Saving…
        </p>
      )}
      <FormError error={error} shown={["body"]} />
    </div>
  );
}
