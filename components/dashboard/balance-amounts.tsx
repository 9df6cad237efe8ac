import type { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import type { Translator } from "./translator";
import { currencyName, formatMinor } from "@/lib/core/domain/money";

type Props = { balances: Awaited<ReturnType<typeof getBalancePage>>["balances"]; t: Translator; locale: string };

/** The balance page's first lines: per currency, what can be withdrawn now and what is still pending. */
export function BalanceAmounts({ balances, t, locale }: Props) {
  return (
    <>
      {balances.length === 0 ? <p>{t("balance.none")}</p> : null}
      <div className="dash-balances">
        {balances.map((b) => (
          <section key={b.currency} className="dash-card" aria-label={currencyName(b.currency)}>
            <dl className="dash-fields">
              <dt>{t("balance.available")}</dt>
              <dd className="dash-big">{formatMinor(b.availableMinor, b.currency, locale)}</dd>
              <dt>{t("balance.pending")}</dt>
              <dd>{formatMinor(b.pendingMinor, b.currency, locale)}</dd>
            </dl>
          </section>
        ))}
      </div>
    </>
  );
}
