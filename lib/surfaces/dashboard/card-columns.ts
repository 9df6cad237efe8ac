import type { CSSProperties } from "react";

// A list table that turns into one card per row on a phone (app/dashboard/dashboard.css,
// .dash-cards): each cell is shown under its column's name. The names ride on the table as CSS
// custom properties (--col-1 ...), read by `td:nth-child(n)::before`, so the table's rows need no
// change and its header stays the one source of the names.

/** The `style` of a `.dash-cards` table whose columns are named `labels`, in order (at most 8). */
export function cardColumns(labels: readonly string[]): CSSProperties {
  // A CSS string: JSON's escaping (\" and \\) is valid CSS.
  return Object.fromEntries(labels.slice(0, 8).map((label, i) => [`--col-${i + 1}`, JSON.stringify(label)])) as CSSProperties;
}
