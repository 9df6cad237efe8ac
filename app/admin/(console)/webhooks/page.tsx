import { DeadLettersView } from "@/components/support/dead-letters-view";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("webhooks");

export default function SupportWebhooksPage() {
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/webhooks" }]}>
      <DeadLettersView />
    </SupportPrefetch>
  );
}
