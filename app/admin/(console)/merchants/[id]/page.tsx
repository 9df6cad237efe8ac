import { MerchantDetailView } from "@/components/admin/merchant-views";

export default async function AdminMerchantPage({ params }: { params: Promise<{ id: string }> }) {
  return <MerchantDetailView id={(await params).id} />;
}
