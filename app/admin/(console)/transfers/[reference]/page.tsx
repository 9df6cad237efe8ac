import { TransferDetailView } from "@/components/support/transfer-detail-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("transfer");

export default async function SupportTransferPage({ params }: { params: Promise<{ reference: string }> }) {
  return <TransferDetailView reference={(await params).reference} />;
}
