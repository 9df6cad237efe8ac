import { TransfersView } from "@/components/admin/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("transfers");

export default async function AdminTransfersPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <TransfersView initialFilters={await searchParams} />;
}
