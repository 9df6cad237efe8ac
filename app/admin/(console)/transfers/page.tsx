import { TransfersView } from "@/components/admin/payments-view";

export default async function AdminTransfersPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <TransfersView initialFilters={await searchParams} />;
}
