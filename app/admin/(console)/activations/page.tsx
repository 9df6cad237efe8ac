import { ActivationsView } from "@/components/support/activations-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activations");

export default function SupportActivationsPage() {
  return <ActivationsView />;
}
