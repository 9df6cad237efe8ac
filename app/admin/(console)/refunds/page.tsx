import { RefundsView } from "@/components/admin/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("refunds");

export default async function AdminRefundsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <RefundsView initialFilters={await searchParams} />;
}
