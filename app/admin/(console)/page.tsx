import { OverviewView } from "@/components/support/overview-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("overview");

export default function SupportOverviewPage() {
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/overview" }]}>
      <OverviewView />
    </SupportPrefetch>
  );
}
