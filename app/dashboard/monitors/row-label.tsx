/**
 * The label of a field in a row of like fields: its words shown (the row makes plain which row),
 * and the row's number too for screen readers, so "Header 2 Value" is not one of many "Value"s.
 */
export function RowLabel({ row, words }: { row: string; words: string }) {
  return (
    <>
      <span className="sr-only">{row} </span>
      {words}
    </>
  );
}
