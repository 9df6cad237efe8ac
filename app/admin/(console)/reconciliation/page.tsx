import { ReconciliationView } from "@/components/support/reconciliation-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("reconciliation");

export default function SupportReconciliationPage() {
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/reconciliation" }]}>
      <ReconciliationView />
    </SupportPrefetch>
  );
}
