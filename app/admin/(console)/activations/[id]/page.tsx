import { ActivationDetailView } from "@/components/admin/activations-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activationRequest");

export default async function AdminActivationPage({ params }: { params: Promise<{ id: string }> }) {
  return <ActivationDetailView id={(await params).id} />;
}
