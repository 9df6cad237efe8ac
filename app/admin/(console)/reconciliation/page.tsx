import { ReconciliationView } from "@/components/admin/reconciliation-view";

export default function AdminReconciliationPage() {
  return <ReconciliationView />;
}
