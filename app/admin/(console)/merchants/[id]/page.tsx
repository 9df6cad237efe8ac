import { getLocale, getTranslations } from "next-intl/server";
import { MerchantAnalyticsChart } from "@/components/support/merchant-analytics-chart";
import { MerchantDetailView } from "@/components/support/merchant-views";
import { PendingTransfersView } from "@/components/support/pending-transfers-view";
import { getMerchantAnalytics } from "@/lib/surfaces/support/merchant-queries";
import { isIsoCurrency } from "@/lib/core/domain/money";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("merchant");

type Search = { env?: string; currency?: string };

// The merchant's figures for the last 30 days are computed here, on the server, and drawn as SVG.
export default async function SupportMerchantPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<Search> }) {
  const { id } = await params;
  const search = await searchParams;
  const environment = search.env === "sandbox" ? "sandbox" : "live";
  const currency = search.currency && isIsoCurrency(search.currency) ? search.currency : "XOF";
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const [t, locale, analytics] = await Promise.all([
    getTranslations("support.analytics"),
    getLocale(),
    getMerchantAnalytics({ merchantId: id, environment, currency, from, to }),
  ]);
  return (
    <SupportPrefetch
      reads={[
        { path: `/admin/api/merchants/${encodeURIComponent(id)}` },
        { path: "/admin/api/transfers/pending", params: { merchantId: id } },
      ]}
    >
      <MerchantDetailView id={id} />
      <p>
        {(["live", "sandbox"] as const).map((env) => (
          <a key={env} href={`?env=${env}&currency=${currency}`} aria-current={env === environment ? "true" : undefined}>
            {env}
          </a>
        )).reduce<React.ReactNode[]>((all, link) => (all.length ? [...all, " · ", link] : [link]), [])}
      </p>
      <MerchantAnalyticsChart
        analytics={analytics}
        locale={locale}
        labels={{
          title: t("title", { environment, currency }),
          created: t("created"),
          completed: t("completed"),
          volume: t("volume"),
          fees: t("fees"),
          conversion: t("conversion"),
          links: t("links"),
          deposits: t("deposits"),
          gateway: t("gateway"),
          empty: t("empty"),
        }}
      />
      <PendingTransfersView merchantId={id} />
    </SupportPrefetch>
  );
}
