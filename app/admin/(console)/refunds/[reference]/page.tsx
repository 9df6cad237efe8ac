import { RefundDetailView } from "@/components/support/refund-detail-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("refund");

export default async function SupportRefundPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  return (
    <SupportPrefetch reads={[{ path: `/admin/api/refunds/${encodeURIComponent(reference)}` }]}>
      <RefundDetailView reference={reference} />
    </SupportPrefetch>
  );
}
