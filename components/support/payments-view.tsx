"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent, type ReactNode } from "react";
import { PaymentTable, type PaymentRow } from "./payment-table";
import { useSupportPages } from "./queries";
import { RefundTable, type RefundRow } from "./refund-table";
import { TransferTable, type TransferRow } from "./transfer-table";

const FILTERS = ["environment", "status", "source", "merchantId", "gatewayName", "from", "to"] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const PAYMENT_STATUSES = ["pending", "completed", "failed", "expired"];
// A transfer never expires: it waits for its operator, its batch or an admin; nor does a refund.
const TRANSFER_STATUSES = ["pending", "completed", "failed"];
// Who asked for a refund: the merchant, or the platform (a refund due).
const REFUND_SOURCES = ["merchant", "refund_due"];

/** Links or deposits: filters in the URL's query, server-side pages loaded on demand. */
export function PaymentsView({ kind, initialFilters }: { kind: "links" | "deposits"; initialFilters: Filters }) {
  return <FilteredPages<PaymentRow> kind={kind} statuses={PAYMENT_STATUSES} initialFilters={initialFilters} table={(rows) => <PaymentTable rows={rows} />} />;
}

/** Transfers, filtered and paged like links and deposits. */
export function TransfersView({ initialFilters }: { initialFilters: Filters }) {
  return <FilteredPages<TransferRow> kind="transfers" statuses={TRANSFER_STATUSES} initialFilters={initialFilters} table={(rows) => <TransferTable rows={rows} />} />;
}

/** Refunds, filtered and paged like transfers, and by who asked for them. */
export function RefundsView({ initialFilters }: { initialFilters: Filters }) {
  return (
    <FilteredPages<RefundRow> kind="refunds" statuses={TRANSFER_STATUSES} sources={REFUND_SOURCES} initialFilters={initialFilters} table={(rows) => <RefundTable rows={rows} />} />
  );
}

type FilteredPagesProps<Row> = {
  kind: "links" | "deposits" | "transfers" | "refunds";
  statuses: string[];
  sources?: string[];
  initialFilters: Filters;
  table: (rows: Row[]) => ReactNode;
};

function FilteredPages<Row>({ kind, statuses, sources, initialFilters, table }: FilteredPagesProps<Row>) {
  const t = useTranslations("support");
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const pages = useSupportPages<Row>(`/admin/api/${kind}`, filters);

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = Object.fromEntries(FILTERS.map((f) => [f, String(form.get(f) ?? "") || undefined])) as Filters;
    setFilters(next);
    const query = new URLSearchParams(Object.entries(next).filter((e): e is [string, string] => Boolean(e[1])));
    window.history.replaceState(null, "", query.size ? `?${query}` : window.location.pathname);
  };

  return (
    <>
      <h1>{t(`nav.${kind}`)}</h1>
      <form className="support-filters" onSubmit={apply}>
        <label>
          {t("filters.environment")}
          <select name="environment" defaultValue={filters.environment ?? ""}>
            <option value="">{t("filters.any")}</option>
            <option value="sandbox">{t("search.environment.sandbox")}</option>
            <option value="live">{t("search.environment.live")}</option>
          </select>
        </label>
        <label>
          {t("filters.status")}
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t("filters.any")}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t.has(`status.${s}`) ? t(`status.${s}`) : s}
              </option>
            ))}
          </select>
        </label>
        {sources && (
          <label>
            {t("filters.source")}
            <select name="source" defaultValue={filters.source ?? ""}>
              <option value="">{t("filters.any")}</option>
              {sources.map((s) => (
                <option key={s} value={s}>
                  {t(`sources.${s}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label>
          {t("filters.merchant")}
          <input name="merchantId" defaultValue={filters.merchantId ?? ""} />
        </label>
        <label>
          {t("filters.gateway")}
          <input name="gatewayName" defaultValue={filters.gatewayName ?? ""} />
        </label>
        <label>
          {t("filters.from")}
          <input name="from" type="date" defaultValue={filters.from ?? ""} />
        </label>
        <label>
          {t("filters.to")}
          <input name="to" type="date" defaultValue={filters.to ?? ""} />
        </label>
        <button type="submit">{t("filters.apply")}</button>
      </form>
      {pages.isPending && <p>{t("loading")}</p>}
      {pages.isError && <p role="alert">{t("error", { message: pages.error.message })}</p>}
      {pages.data && table(pages.data.pages.flatMap((p) => p.items))}
      {pages.hasNextPage && (
        <button type="button" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {t("loadMore")}
        </button>
      )}
    </>
  );
}
