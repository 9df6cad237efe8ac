import { AuditView } from "@/components/admin/audit-view";

export default function AdminAuditPage() {
  return <AuditView />;
}
