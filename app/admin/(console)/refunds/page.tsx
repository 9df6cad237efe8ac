import { RefundsView } from "@/components/support/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("refunds");

export default async function SupportRefundsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <RefundsView initialFilters={await searchParams} />;
}
