import { PaymentsView } from "@/components/admin/payments-view";

export default async function AdminDepositsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <PaymentsView kind="deposits" initialFilters={await searchParams} />;
}
