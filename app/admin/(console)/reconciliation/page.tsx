import { ReconciliationView } from "@/components/support/reconciliation-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("reconciliation");

export default function SupportReconciliationPage() {
  return <ReconciliationView />;
}
