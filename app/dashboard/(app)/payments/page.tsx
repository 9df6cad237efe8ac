import { getLocale, getTranslations } from "next-intl/server";
import { gatewayLabel } from "@/lib/core/i18n/code-labels";
import { RefreshWhilePending } from "@/components/dashboard/refresh-while-pending";
import { pageTitle } from "@/components/page-title";
import { formatMinor } from "@/lib/core/domain/money";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getReceivedPayments } from "@/lib/surfaces/dashboard/payment-alert-queries";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";

export const generateMetadata = pageTitle("payments");

// Without JavaScript the page reloads itself this often: gentle enough for a phone left open on
// the counter all day (one small page every 30 s), quick enough to see a customer's payment.
const NO_SCRIPT_REFRESH_SECONDS = 30;
// With JavaScript react-query re-renders the list in place (RefreshWhilePending).
const POLL_MS = 5_000;

// "Paiements reçus" (issue 51 part 1): the payments received, newest first, that update by themselves.
export default async function ReceivedPaymentsPage() {
  const { scope } = await requirePageMember("/dashboard/payments");
  const [t, labels, locale, { items, timeZone }] = await Promise.all([getTranslations("paymentAlerts.received"), getTranslations("labels"), getLocale(), getReceivedPayments(scope)]);
  const href = dashboardPath(scope.environment, "/payments");
  const time = new Intl.DateTimeFormat(locale, { dateStyle: "short", timeStyle: "short", timeZone });
  return (
    <>
      <noscript>
        <meta httpEquiv="refresh" content={String(NO_SCRIPT_REFRESH_SECONDS)} />
      </noscript>
      <h1>{t("heading")}</h1>
      <RefreshWhilePending pending intervalMs={POLL_MS} href={href} labels={{ live: t("live"), refresh: t("refresh") }} />
      {items.length === 0 ? (
        <p>{t("none")}</p>
      ) : (
        <ul className="dash-timeline dash-card" data-testid="received-payments">
          {items.map((p) => (
            <li key={p.reference} data-testid="received-payment">
              <strong>{formatMinor(p.amountMinor, p.currency, locale)}</strong> · {p.payer} · {gatewayLabel(labels, p.gatewayName)}
              <br />
              <a href={dashboardPath(scope.environment, `/deposits/${p.reference}`)}>
                <time dateTime={p.completedAt.toISOString()}>{time.format(p.completedAt)}</time>
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>
        <a href={dashboardPath(scope.environment, "/settings/notifications")}>{t("alertsLink")}</a>
      </p>
    </>
  );
}
