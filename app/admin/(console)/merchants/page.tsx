import { MerchantsView } from "@/components/admin/merchant-views";

export default function AdminMerchantsPage() {
  return <MerchantsView />;
}
