import { OverviewView } from "@/components/support/overview-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("overview");

export default function SupportOverviewPage() {
  return <OverviewView />;
}
