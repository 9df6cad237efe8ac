import { OverviewView } from "@/components/admin/overview-view";

export default function AdminOverviewPage() {
  return <OverviewView />;
}
