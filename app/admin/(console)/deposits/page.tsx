import { PaymentsView } from "@/components/support/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("deposits");

export default async function SupportDepositsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <PaymentsView kind="deposits" initialFilters={await searchParams} />;
}
