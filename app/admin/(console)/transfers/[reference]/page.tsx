import { TransferDetailView } from "@/components/admin/transfer-detail-view";

export default async function AdminTransferPage({ params }: { params: Promise<{ reference: string }> }) {
  return <TransferDetailView reference={(await params).reference} />;
}
