import { RefundDetailView } from "@/components/support/refund-detail-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("refund");

export default async function SupportRefundPage({ params }: { params: Promise<{ reference: string }> }) {
  return <RefundDetailView reference={(await params).reference} />;
}
