import { ActivationsView } from "@/components/admin/activations-view";

export default function AdminActivationsPage() {
  return <ActivationsView />;
}
