import { PaymentsView } from "@/components/support/payments-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("deposits");

export default async function SupportDepositsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  // A plain copy: the view's key and the server's read must hash alike.
  const filters = { ...(await searchParams) };
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/deposits", params: filters, pages: true }]}>
      <PaymentsView kind="deposits" initialFilters={filters} />
    </SupportPrefetch>
  );
}
