import { OverviewView } from "@/components/admin/overview-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("overview");

export default function AdminOverviewPage() {
  return <OverviewView />;
}
