import { MerchantsView } from "@/components/admin/merchant-views";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("merchants");

export default function AdminMerchantsPage() {
  return <MerchantsView />;
}
