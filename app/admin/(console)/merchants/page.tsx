import { MerchantsView } from "@/components/support/merchant-views";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("merchants");

export default function SupportMerchantsPage() {
  return <MerchantsView />;
}
