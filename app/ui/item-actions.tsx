"use client";

import type { ReactNode, Ref } from "react";

/** An item's own buttons, kept together on one wrapping row beside or under the item. */
export function ItemActions({
  className = "row",
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return <div className={className}>{children}</div>;
}

/**
 * The button that opens an item's inline form. `opens` marks it so focus can return to it once
 * the form closes (see focusItemWhenShown); its name says which item, as lists have many an Edit.
 */
export function OpenFormButton({
  name,
  opens = "edit",
  small,
  onClick,
  children = "Edit",
}: {
  name: string;
  opens?: string;
  small?: boolean;
  onClick: () => void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      className={small ? "secondary small" : "secondary"}
      aria-label={name}
      data-opens={opens}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/**
 * Up and down for an item in an ordered list: buttons rather than dragging, so a keyboard moves it
 * too. `item` names it in each button's name ("Move API up").
 */
export function MoveButtons({
  item,
  index,
  count,
  onMove,
  upRef,
  downRef,
}: {
  item: string;
  index: number;
  count: number;
  onMove: (step: -1 | 1) => void;
  upRef?: Ref<HTMLButtonElement>;
  downRef?: Ref<HTMLButtonElement>;
}) {
  return (
    <>
      <button
        type="button"
        className="secondary icon"
        ref={upRef}
        aria-label={`Move ${item} up`}
        disabled={index === 0}
        onClick={() => onMove(-1)}
      >
        ↑
      </button>
      <button
        type="button"
        className="secondary icon"
        ref={downRef}
        aria-label={`Move ${item} down`}
        disabled={index === count - 1}
        onClick={() => onMove(1)}
      >
        ↓
      </button>
    </>
  );
}
