import { AuditView } from "@/components/support/audit-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("audit");

export default function SupportAuditPage() {
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/audit" }]}>
      <AuditView />
    </SupportPrefetch>
  );
}
