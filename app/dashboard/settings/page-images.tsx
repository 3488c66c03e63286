"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Workspace } from "../api-types";
import { workspaceKeys } from "../query-keys";
import type { BrandingChoices } from "./branding-choices";
import { ImageSlot } from "./image-slot";
import { PAGE_IMAGES } from "./page-image-words";

/** The page's logos and favicon, each put or removed on its own. */
export function PageImages({
  workspace,
  choices,
}: {
  workspace: Workspace;
  choices: BrandingChoices;
}) {
  const queryClient = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  return (
    <section className="card" aria-labelledby="page-images-heading">
      <h2 id="page-images-heading">Logos and favicon</h2>
      <p className="muted">
        A logo for one scheme alone shows in both. SVG images are shown as pictures: they run no
        script and load nothing.
      </p>
      {PAGE_IMAGES.map(({ kind, field, label }) => (
        <ImageSlot
          key={kind}
          kind={kind}
          label={label}
          image={workspace[field]}
          types={choices.imageTypes[kind]}
          limitKiB={choices.imageLimitKiB}
          onBegin={() => setDone(null)}
          onSaved={(answer, message) => {
            queryClient.setQueryData(workspaceKeys.all, answer);
            setDone(message);
          }}
        />
      ))}
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
    </section>
  );
}
