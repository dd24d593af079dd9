// A table's column headings: the ledger's accounts, the operator's earnings, the staff's farm signups.

/** A heading's words, or its words and the class its column's cells share (e.g. right-aligned numbers). */
export type ColumnHead = string | { label: string; className: string };

export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, className } =
            typeof column === 'string' ? { label: column, className: undefined } : column;
          return (
            <th key={label} scope="col" className={className}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
