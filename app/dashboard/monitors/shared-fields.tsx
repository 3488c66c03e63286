"use client";

import type { ComponentProps } from "react";
import { Field } from "@/app/ui/field";

type Bound = Omit<ComponentProps<typeof Field>, "label">;

/** A check's deadline, the same for every type that makes a connection. */
export function TimeoutField(props: Bound) {
  return <Field label="Timeout (ms)" type="number" min={1000} max={30000} required {...props} />;
}

/** How long before a TLS certificate expires the team is warned (https and TCP with TLS). */
export function CertificateWarningField(props: Bound) {
  return (
    <Field
      label="Certificate warning (days before expiry)"
      type="number"
      min={1}
      max={90}
      required
      {...props}
    />
  );
}
