import type { ChangeEvent } from "react";

type Editable = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type KeysOf<T, V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;

/**
 * The inputs of one part of the form's draft: `text("url")` gives an input its name, value and
 * change handler, `check("tls")` a checkbox's; every change is reported as a patch of that part.
 */
export function bindDraft<T extends object>(value: T, onChange: (patch: Partial<T>) => void) {
  return {
    text: (key: KeysOf<T, string>) => ({
      name: key,
      value: value[key] as string,
      onChange: (event: ChangeEvent<Editable>) =>
        onChange({ [key]: event.currentTarget.value } as Partial<T>),
    }),
    check: (key: KeysOf<T, boolean>) => ({
      name: key,
      checked: value[key] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) =>
        onChange({ [key]: event.currentTarget.checked } as Partial<T>),
    }),
  };
}
