import { DeadLettersView } from "@/components/admin/dead-letters-view";

export default function AdminWebhooksPage() {
  return <DeadLettersView />;
}
