import { Fragment } from "react";
import { Markdown } from "@/lib/content/markdown";
import type { Workspace } from "../api-types";
import type { BrandingChoices } from "./branding-choices";
import { ImagePreview } from "./image-preview";
import { PAGE_IMAGES } from "./page-image-words";

/** The page's branding for members who may read it but not change it: rows of a `<dl>`. */
export function BrandingFacts({
  workspace,
  languages,
}: {
  workspace: Workspace;
  languages: BrandingChoices["languages"];
}) {
  const language = languages.find((option) => option.value === workspace.defaultLocale);
  return (
    <>
      <dt>Default language</dt>
      <dd>{language?.label ?? workspace.defaultLocale}</dd>
      <dt>Accent colour, light scheme</dt>
      <dd>{workspace.accentColor ?? "The default"}</dd>
      <dt>Accent colour, dark scheme</dt>
      <dd>
        {workspace.accentColorDark ??
          (workspace.accentColor ? "Derived from the light accent" : "The default")}
      </dd>
      <dt>Header links</dt>
      <dd>
        {workspace.headerLinks.length ? (
          <ul className="plain">
            {workspace.headerLinks.map((link, n) => (
              <li key={n}>
                {link.label}: {link.url}
              </li>
            ))}
          </ul>
        ) : (
          "None"
        )}
      </dd>
      <dt>Support link</dt>
      <dd>{workspace.supportUrl ?? "None"}</dd>
      <dt>Footer text</dt>
      <dd>{workspace.footerText.trim() ? <Markdown text={workspace.footerText} /> : "None"}</dd>
      <dt>&ldquo;Powered by Allclear&rdquo;</dt>
      <dd>{workspace.showPoweredBy ? "Shown" : "Hidden"}</dd>
      {PAGE_IMAGES.map(({ kind, field, label }) => {
        const image = workspace[field];
        return (
          <Fragment key={kind}>
            <dt>{label}</dt>
            <dd>{image ? <ImagePreview kind={kind} label={label} image={image} /> : "None"}</dd>
          </Fragment>
        );
      })}
    </>
  );
}
