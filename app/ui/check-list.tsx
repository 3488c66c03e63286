import type { ReactNode } from "react";

/**
 * A fieldset of checkboxes sent with the form as `name` (one value per ticked item), ticked to
 * begin with as `checked` says; `children` come before the boxes (a loading or empty note).
 */
export function CheckList({
  legend,
  name,
  items,
  checked,
  children,
}: {
  legend: string;
  name: string;
  items: readonly { id: string; name: string }[];
  checked: ReadonlySet<string>;
  children?: ReactNode;
}) {
  return (
    <fieldset className="picker">
      <legend>{legend}</legend>
      {children}
      {items.map((item) => (
        <label key={item.id} className="check">
          <input
            type="checkbox"
            name={name}
            value={item.id}
            defaultChecked={checked.has(item.id)}
          />
          {item.name}
        </label>
      ))}
    </fieldset>
  );
}
