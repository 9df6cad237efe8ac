import { ActivationsView } from "@/components/admin/activations-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activations");

export default function AdminActivationsPage() {
  return <ActivationsView />;
}
