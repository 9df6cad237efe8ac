"use client";

import { useTranslations } from "next-intl";
import { PaymentTable, type PaymentRow } from "./payment-table";
import { useSupportQuery } from "./queries";
import { TransferTable, type TransferRow } from "./transfer-table";

export function SearchView({ q }: { q: string }) {
  const t = useTranslations("support");
  const result = useSupportQuery<{ payments: PaymentRow[]; transfers: TransferRow[]; merchants: { id: string; name: string }[] }>("/admin/api/search", { q });
  return (
    <>
      <h1>{t("search.results", { q })}</h1>
      {result.isPending && <p>{t("loading")}</p>}
      {result.isError && <p role="alert">{t("error", { message: result.error.message })}</p>}
      {result.data && result.data.payments.length + result.data.transfers.length + result.data.merchants.length === 0 && <p>{t("search.none")}</p>}
      {result.data && result.data.payments.length > 0 && <PaymentTable rows={result.data.payments} />}
      {result.data && result.data.transfers.length > 0 && (
        <>
          <h2>{t("nav.transfers")}</h2>
          <TransferTable rows={result.data.transfers} />
        </>
      )}
      {result.data && result.data.merchants.length > 0 && (
        <ul>
          {result.data.merchants.map((m) => (
            <li key={m.id}>
              <a href={`/admin/merchants/${m.id}`}>{m.name}</a> <code>{m.id}</code>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
