import { ActivationDetailView } from "@/components/support/activations-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activationRequest");

export default async function SupportActivationPage({ params }: { params: Promise<{ id: string }> }) {
  return <ActivationDetailView id={(await params).id} />;
}
