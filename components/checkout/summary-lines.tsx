/** Label and value lines, as the receipt and "was I charged?" show a payment (checkout.css's summary grid). */
export function SummaryLines({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="summary receipt-lines">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
