"use client";

import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { PaymentTable, type PaymentRow } from "./payment-table";
import { useAdminPages } from "./queries";

const FILTERS = ["environment", "status", "merchantId", "gatewayName", "from", "to"] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

/** Links or deposits: filters in the URL's query, server-side pages loaded on demand. */
export function PaymentsView({ kind, initialFilters }: { kind: "links" | "deposits"; initialFilters: Filters }) {
  const t = useTranslations("admin");
  const [filters, setFilters] = useState<Filters>(initialFilters);
  const pages = useAdminPages<PaymentRow>(`/admin/api/${kind}`, filters);

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
      <form className="admin-filters" onSubmit={apply}>
        <label>
          {t("filters.environment")}
          <select name="environment" defaultValue={filters.environment ?? ""}>
            <option value="">{t("filters.any")}</option>
            <option value="sandbox">sandbox</option>
            <option value="live">live</option>
          </select>
        </label>
        <label>
          {t("filters.status")}
          <select name="status" defaultValue={filters.status ?? ""}>
            <option value="">{t("filters.any")}</option>
            {["pending", "completed", "failed", "expired"].map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        </label>
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
      {pages.data && <PaymentTable rows={pages.data.pages.flatMap((p) => p.items)} />}
      {pages.hasNextPage && (
        <button type="button" onClick={() => pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {t("loadMore")}
        </button>
      )}
    </>
  );
}
