import { AuditView } from "@/components/admin/audit-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("audit");

export default function AdminAuditPage() {
  return <AuditView />;
}
