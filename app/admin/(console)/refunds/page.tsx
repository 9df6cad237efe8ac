import { RefundsView } from "@/components/support/payments-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("refunds");

export default async function SupportRefundsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  // A plain copy: the view's key and the server's read must hash alike.
  const filters = { ...(await searchParams) };
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/refunds", params: filters, pages: true }]}>
      <RefundsView initialFilters={filters} />
    </SupportPrefetch>
  );
}
