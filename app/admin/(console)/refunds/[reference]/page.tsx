import { RefundDetailView } from "@/components/admin/refund-detail-view";

export default async function AdminRefundPage({ params }: { params: Promise<{ reference: string }> }) {
  return <RefundDetailView reference={(await params).reference} />;
}
