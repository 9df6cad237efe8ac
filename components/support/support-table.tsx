import type { ReactNode } from "react";

// No "use client": the table holds no state, and its columns are functions, which cannot cross
// a server-to-client boundary; it renders wherever the view that uses it renders.

/** One column: its header, and what each row shows in its cell. */
export type SupportColumn<Row> = {
  /** Leave every header out for a table without a head row. */
  header?: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Figures, aligned to the right. */
  numeric?: boolean;
};

type SupportTableProps<Row> = {
  columns: SupportColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string | number;
  caption?: ReactNode;
  /** Said instead of the table when there is no row; without it an empty table is shown. */
  empty?: ReactNode;
};

/** The support view's data table: `support-table` styling, column headers scoped for screen readers. */
export function SupportTable<Row>({ columns, rows, rowKey, caption, empty }: SupportTableProps<Row>) {
  if (rows.length === 0 && empty !== undefined) return <p>{empty}</p>;
  const hasHead = columns.some((column) => column.header !== undefined);
  return (
    <table className="support-table">
      {caption !== undefined && <caption>{caption}</caption>}
      {hasHead && (
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={index} scope="col">
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
      )}
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((column, index) => (
              <td key={index} className={column.numeric ? "num" : undefined}>
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
