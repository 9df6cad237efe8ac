import { PaymentsView } from "@/components/admin/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("deposits");

export default async function AdminDepositsPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <PaymentsView kind="deposits" initialFilters={await searchParams} />;
}
