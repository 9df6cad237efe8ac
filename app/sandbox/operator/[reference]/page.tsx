import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { getSandboxOperatorDeposit } from "@/lib/features/deposits/sandbox-operator-queries";
import { formatMinor } from "@/lib/core/domain/money";
import { proxiedRequestEnvironment } from "@/lib/surfaces/http/request-environment";
import styles from "./operator.module.css";

export const metadata: Metadata = { title: "Sandbox operator", robots: { index: false } };

// The sandbox's stand-in for an operator's payment page (REDIRECT gateways): nothing real moves.
export default async function SandboxOperatorPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  if (proxiedRequestEnvironment(await headers()) !== "sandbox") notFound();
  const t = await getTranslations("operator");
  const locale = await getLocale();
  const found = await getSandboxOperatorDeposit(reference);
  if (!found) notFound();
  const { deposit, merchantName, gatewayProvider } = found;
  // The ISO code, as on the checkout and the dashboard (docs/decisions.md, "Money for people").
  const total = formatMinor(deposit.amountMinor + deposit.feesMinor, deposit.currency, locale);

  return (
    <main className={styles.page}>
      <p className={styles.banner}>{t("banner")}</p>
      <h1>{t("title", { gateway: gatewayProvider ?? deposit.gatewayName })}</h1>
      <p>{t("payee", { merchant: merchantName })}</p>
      <p className={styles.amount}>{total}</p>
      {deposit.status === "pending" ? (
        <form method="post" action={`/test/sandbox/operator/${reference}/decision`} className={styles.actions}>
          <button type="submit" name="decision" value="approve" className={styles.approve}>
            {t("approve")}
          </button>
          <button type="submit" name="decision" value="decline" className={styles.decline}>
            {t("decline")}
          </button>
        </form>
      ) : (
        <p role="status">{t(`status.${deposit.status}`)}</p>
      )}
    </main>
  );
}
