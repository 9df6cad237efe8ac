import { PaymentDetailView } from "@/components/admin/payment-detail-view";

export default async function AdminPaymentPage({ params }: { params: Promise<{ reference: string }> }) {
  return <PaymentDetailView reference={(await params).reference} />;
}
