import { getLocale, getTranslations } from "next-intl/server";
import { BalanceAmounts } from "@/components/dashboard/balance-amounts";
import { StatementLedger, StatementPeriodForm, StatementSummaries } from "@/components/dashboard/balance-statement";
import { BalanceTransferRequest } from "@/components/dashboard/balance-transfer-request";
import { BalanceTransfers } from "@/components/dashboard/balance-transfers";
import { can } from "@/lib/features/auth/member-permissions";
import { getBalancePage } from "@/lib/surfaces/dashboard/balance-queries";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { parseListFilters } from "@/lib/core/domain/list-filters";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { requestTransferAction } from "./actions";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("balance");

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function BalancePage({ searchParams }: Props) {
  const { member, scope } = await requirePageMember("/dashboard/balance");
  const [t, labels, locale, query] = await Promise.all([getTranslations("dashboard"), getTranslations("labels"), getLocale(), searchParams]);
  const filters = parseListFilters(query, []);
  const { balances, statement, withdrawals, gateways, summaries } = await getBalancePage(scope, filters);
  const pageHref = dashboardPath(scope.environment, "/balance");
  return (
    <>
      <h1>{t("balance.heading")}</h1>
      <BalanceAmounts balances={balances} t={t} locale={locale} />
      <BalanceTransferRequest
        action={can(member.role, "transfers:request") ? requestTransferAction : null}
        gateways={gateways}
        balances={balances}
        query={query}
        pageHref={pageHref}
        t={t}
        labels={labels}
        locale={locale}
      />
      <BalanceTransfers transfers={withdrawals} pageHref={pageHref} t={t} labels={labels} locale={locale} timeZone={member.timeZone} />
      <StatementPeriodForm environment={scope.environment} filters={filters} pageHref={pageHref} t={t} />
      <StatementSummaries summaries={summaries} filters={filters} t={t} locale={locale} />
      <StatementLedger statement={statement} filters={filters} pageHref={pageHref} t={t} labels={labels} locale={locale} timeZone={member.timeZone} />
    </>
  );
}
