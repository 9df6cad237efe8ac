import { RefundsView } from "@/components/admin/payments-view";

export default async function AdminRefundsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <RefundsView initialFilters={await searchParams} />;
}
