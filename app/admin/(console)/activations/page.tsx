import { ActivationsView } from "@/components/support/activations-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activations");

export default function SupportActivationsPage() {
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/activations" }]}>
      <ActivationsView />
    </SupportPrefetch>
  );
}
