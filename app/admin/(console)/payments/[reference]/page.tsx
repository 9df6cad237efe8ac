import { PaymentDetailView } from "@/components/support/payment-detail-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("payment");

export default async function SupportPaymentPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  return (
    <SupportPrefetch reads={[{ path: `/admin/api/payments/${encodeURIComponent(reference)}` }]}>
      <PaymentDetailView reference={reference} />
    </SupportPrefetch>
  );
}
