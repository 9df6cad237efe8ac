import { MerchantsView } from "@/components/support/merchant-views";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("merchants");

export default function SupportMerchantsPage() {
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/merchants" }]}>
      <MerchantsView />
    </SupportPrefetch>
  );
}
