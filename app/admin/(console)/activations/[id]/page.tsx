import { ActivationDetailView } from "@/components/admin/activations-view";

export default async function AdminActivationPage({ params }: { params: Promise<{ id: string }> }) {
  return <ActivationDetailView id={(await params).id} />;
}
