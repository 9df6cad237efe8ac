"use client";

import { useLocale, useTranslations } from "next-intl";
import { formatMajor } from "@/lib/core/domain/money";
import { GatewayWord } from "./gateway-word";
import type { PaymentRow } from "./payment-table";
import { useSupportQuery } from "./queries";
import { EnvironmentWord, StatusWord } from "./status-word";
import { TransferTable, type TransferRow } from "./transfer-table";

type SearchResult = { payments: PaymentRow[]; transfers: TransferRow[]; merchants: { id: string; name: string }[] };

const searchHref = (q: string) => `/admin/search?q=${encodeURIComponent(q)}`;

/**
 * One payment found, as a card that reads on a phone: what it is and where it stands in words, who
 * paid, and the ways on: its page, the payment link a checkout attempt tried to pay, and the same
 * customer's other attempts (a search by their number).
 */
function PaymentCard({ row }: { row: PaymentRow }) {
  const t = useTranslations("support");
  const locale = useLocale();
  const payer = [row.customerName, row.customerPhone].filter(Boolean).join(" · ");
  return (
    <li className="support-result">
      <p className="support-result-head">
        <a href={`/admin/payments/${row.reference}`}>{row.reference}</a>{" "}
        <span className={`badge badge-${row.status}`}>
          <StatusWord status={row.status} />
        </span>
      </p>
      <p>
        {t(`search.kind.${row.kind}`)} · {row.merchant} · <EnvironmentWord environment={row.environment} />
      </p>
      <p>
        <strong>{formatMajor(row.amount, row.currency, locale)}</strong> · <GatewayWord name={row.gatewayName} />
      </p>
      {payer && (
        <p>
          {t("search.payer")} {payer}
        </p>
      )}
      <p>
        {t("search.created")} <time dateTime={row.createdAt}>{row.createdAt.slice(0, 16).replace("T", " ")} UTC</time>
      </p>
      <p className="support-result-links">
        {row.paymentLinkReference && (
          <a href={`/admin/payments/${row.paymentLinkReference}`}>{t("search.paymentLink", { reference: row.paymentLinkReference })}</a>
        )}
        {row.customerPhone && <a href={searchHref(row.customerPhone)}>{t("search.otherAttempts")}</a>}
      </p>
    </li>
  );
}

export function SearchView({ q }: { q: string }) {
  const t = useTranslations("support");
  const result = useSupportQuery<SearchResult>("/admin/api/search", { q });
  const data = result.data;
  return (
    <>
      <h1>{t("search.results", { q })}</h1>
      {result.isPending && <p>{t("loading")}</p>}
      {result.isError && <p role="alert">{t("error", { message: result.error.message })}</p>}
      {data && data.payments.length + data.transfers.length + data.merchants.length === 0 && <p>{t("search.none")}</p>}
      {data && data.payments.length > 0 && (
        <>
          <h2>{t("search.payments", { count: data.payments.length })}</h2>
          <ul className="support-results">
            {data.payments.map((row) => (
              <PaymentCard key={row.id} row={row} />
            ))}
          </ul>
        </>
      )}
      {data && data.transfers.length > 0 && (
        <>
          <h2>{t("nav.transfers")}</h2>
          <TransferTable rows={data.transfers} />
        </>
      )}
      {data && data.merchants.length > 0 && (
        <>
          <h2>{t("nav.merchants")}</h2>
          <ul>
            {data.merchants.map((m) => (
              <li key={m.id}>
                <a href={`/admin/merchants/${m.id}`}>{m.name}</a> <code>{m.id}</code>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
