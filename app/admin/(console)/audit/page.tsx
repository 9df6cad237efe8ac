import { AuditView } from "@/components/support/audit-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("audit");

export default function SupportAuditPage() {
  return <AuditView />;
}
