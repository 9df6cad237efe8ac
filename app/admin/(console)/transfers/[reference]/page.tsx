import { TransferDetailView } from "@/components/support/transfer-detail-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("transfer");

export default async function SupportTransferPage({ params }: { params: Promise<{ reference: string }> }) {
  const { reference } = await params;
  return (
    <SupportPrefetch reads={[{ path: `/admin/api/transfers/${encodeURIComponent(reference)}` }]}>
      <TransferDetailView reference={reference} />
    </SupportPrefetch>
  );
}
