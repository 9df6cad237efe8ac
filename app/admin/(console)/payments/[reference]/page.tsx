import { PaymentDetailView } from "@/components/admin/payment-detail-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("payment");

export default async function AdminPaymentPage({ params }: { params: Promise<{ reference: string }> }) {
  return <PaymentDetailView reference={(await params).reference} />;
}
