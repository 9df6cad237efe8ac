import { ReconciliationView } from "@/components/admin/reconciliation-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("reconciliation");

export default function AdminReconciliationPage() {
  return <ReconciliationView />;
}
