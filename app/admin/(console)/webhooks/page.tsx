import { DeadLettersView } from "@/components/admin/dead-letters-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("webhooks");

export default function AdminWebhooksPage() {
  return <DeadLettersView />;
}
