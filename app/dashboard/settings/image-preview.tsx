import type { PageImageKind } from "../api-types";
import type { PageImage } from "./page-image-words";

/** An image of the page as visitors see it: the dark-scheme logo on a dark ground. */
export function ImagePreview({
  kind,
  label,
  image,
}: {
  kind: PageImageKind;
  label: string;
  image: PageImage;
}) {
  return (
    // eslint-disable-next-line @next/next/no-img-element -- a small same-origin image, shown as the public page serves it
    <img
      className={kind === "logo-dark" ? "page-image on-dark" : "page-image"}
      src={image.url}
      alt={`Current ${label.toLowerCase()}`}
    />
  );
}
