import type { ComponentProps } from "react";
import type { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import type { Translator } from "./translator";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { feeSchedule } from "@/lib/integrations/gateways/gateway-rules";
import { newFormToken } from "@/lib/core/domain/form-token";
import { TransferForm } from "./transfer-form";
import { TransferPreview } from "./transfer-preview";

type BalancePage = Awaited<ReturnType<typeof getBalancePage>>;

type Props = {
  /** Null for members who may not request a transfer: the section says so instead of the form. */
  action: ComponentProps<typeof TransferForm>["action"] | null;
  gateways: BalancePage["gateways"];
  balances: BalancePage["balances"];
  /** The page's address query: the "withdraw the most" link sets the form's first values through it. */
  query: Record<string, string | string[] | undefined>;
  pageHref: string;
  t: Translator;
  labels: Translator;
  locale: string;
};

/** The form's first values: those the address asks for when the gateways allow them, else the usual ones. */
function transferDefaults(query: Props["query"], gateways: Props["gateways"], currencies: string[], countries: string[]) {
  const asked = (name: string, allowed: string[]) => {
    const value = typeof query[name] === "string" ? (query[name] as string) : "";
    return allowed.includes(value) ? value : undefined;
  };
  return {
    currency: asked("currency", currencies) ?? (currencies.includes("XOF") ? "XOF" : currencies[0]),
    gatewayName: asked("gatewayName", gateways.map((g) => g.name)) ?? gateways[0]?.name ?? "",
    country: asked("country", countries) ?? (countries.includes("CI") ? "CI" : countries[0]),
    amount: typeof query.amount === "string" && /^\d{1,12}(\.\d{1,3})?$/.test(query.amount) ? query.amount : "",
  };
}

/** The balance page's withdrawal request: the form with its fee preview, or why this member has none. */
export function BalanceTransferRequest({ action, gateways, balances, query, pageHref, t, labels, locale }: Props) {
  const countries = [...new Set(gateways.flatMap((g) => g.allowedCountries))].sort();
  const currencies = [...new Set(gateways.flatMap((g) => g.allowedCurrencies))].sort();
  const region = new Intl.DisplayNames([locale], { type: "region" });
  const schedules = Object.fromEntries(gateways.map((g) => [g.name, feeSchedule(g)]));
  const defaults = transferDefaults(query, gateways, currencies, countries);
  return (
    <>
      <h2 id="withdraw">{t("balance.withdraw")}</h2>
      {action ? (
        <section className="dash-card" aria-label={t("balance.withdraw")}>
          <TransferForm
            action={action}
            labels={{
              review: t("balance.review"),
              confirm: t("balance.confirm"),
              change: t("balance.change"),
              sending: t("balance.sending"),
              amount: t("balance.amount"),
              currency: t("newLink.currency"),
              gateway: t("balance.gateway"),
              country: t("balance.country"),
              beneficiaryPhone: t("balance.beneficiaryPhone"),
              beneficiaryName: t("balance.beneficiaryName"),
            }}
            options={{
              currencies,
              gateways: gateways.map((g) => ({ name: g.name, label: gatewayLabel(labels, g.name) })),
              countries: countries.map((c) => ({ code: c, label: region.of(c) ?? c })),
            }}
            defaults={defaults}
            // Drawn with the page: a post of this form is made once (lib/surfaces/dashboard/money-out-forms.ts).
            formToken={newFormToken()}
            preview={
              <TransferPreview
                schedules={schedules}
                gatewayLabels={Object.fromEntries(gateways.map((g) => [g.name, gatewayLabel(labels, g.name)]))}
                available={Object.fromEntries(balances.map((b) => [b.currency, b.availableMinor.toString()]))}
                locale={locale}
                initial={{ gatewayName: defaults.gatewayName, currency: defaults.currency, country: defaults.country }}
                pageHref={pageHref}
                templates={{ fee: labels.raw("payout.fee"), receives: labels.raw("payout.receives"), debited: labels.raw("payout.debited"), max: t.raw("balance.max"), fillMax: t("balance.fillMax") }}
              />
            }
          />
        </section>
      ) : (
        <p>{t("forbidden")}</p>
      )}
    </>
  );
}
