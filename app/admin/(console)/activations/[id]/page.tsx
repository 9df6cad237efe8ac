import { ActivationDetailView } from "@/components/support/activations-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("activationRequest");

export default async function SupportActivationPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <SupportPrefetch reads={[{ path: `/admin/api/activations/${encodeURIComponent(id)}` }]}>
      <ActivationDetailView id={id} />
    </SupportPrefetch>
  );
}
