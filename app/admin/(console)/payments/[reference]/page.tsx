import { PaymentDetailView } from "@/components/support/payment-detail-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("payment");

export default async function SupportPaymentPage({ params }: { params: Promise<{ reference: string }> }) {
  return <PaymentDetailView reference={(await params).reference} />;
}
