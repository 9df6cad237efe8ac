import { DeadLettersView } from "@/components/support/dead-letters-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("webhooks");

export default function SupportWebhooksPage() {
  return <DeadLettersView />;
}
