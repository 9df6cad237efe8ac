"use client";

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState, useSyncExternalStore, type ReactNode } from "react";
import { SupportRequestError, signOut } from "./queries";
import { StaffContext, type StaffInfo } from "./staff-context";

// A network or server failure is tried once more; a refusal (404, 403...) would only be refused
// again, and the view should say so at once.
const retryOnce = (failures: number, error: Error) => failures < 1 && !(error instanceof SupportRequestError && error.status < 500);

/** False in the server's HTML and while React takes the page over; true once its handlers are on. */
const useHydrated = () => useSyncExternalStore(noSubscription, () => true, () => false);
const noSubscription = () => () => {};

export function SupportShell({ staff, children }: { staff: StaffInfo; children: ReactNode }) {
  const t = useTranslations("support");
  const hydrated = useHydrated();
  const ta = useTranslations("activation.support");
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: retryOnce, staleTime: 5_000 } } }));
  return (
    <StaffContext.Provider value={staff}>
      <QueryClientProvider client={client}>
        <header className="support-header">
          <strong>{t("title")}</strong>
          <nav aria-label={t("title")}>
            <a href="/admin">{t("nav.overview")}</a>
            <a href="/admin/links">{t("nav.links")}</a>
            <a href="/admin/deposits">{t("nav.deposits")}</a>
            <a href="/admin/transfers">{t("nav.transfers")}</a>
            <a href="/admin/refunds">{t("nav.refunds")}</a>
            <a href="/admin/reconciliation">{t("nav.reconciliation")}</a>
            <a href="/admin/merchants">{t("nav.merchants")}</a>
            <a href="/admin/activations">{ta("nav")}</a>
            <a href="/admin/webhooks">{t("nav.webhooks")}</a>
            <a href="/admin/audit">{t("nav.audit")}</a>
          </nav>
          <form action="/admin/search" role="search" className="support-search">
            <label htmlFor="q" className="visually-hidden">
              {t("search.label")}
            </label>
            <input id="q" name="q" type="search" placeholder={t("search.placeholder")} />
            <button type="submit">{t("search.submit")}</button>
          </form>
          <span className="support-who">
            {staff.email} ({staff.role})
          </span>
          <button type="button" onClick={signOut}>
            {t("nav.logout")}
          </button>
        </header>
        <main className="support-main">
          {/* Pages arrive with their data, before their scripts: a button clicked then would do
              nothing (its handler is not on yet), so the page's controls wait, disabled, until it is. */}
          <fieldset className="support-ready" disabled={!hydrated}>
            {children}
          </fieldset>
        </main>
      </QueryClientProvider>
    </StaffContext.Provider>
  );
}
