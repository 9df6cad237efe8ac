import { TransfersView } from "@/components/support/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("transfers");

export default async function SupportTransfersPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <TransfersView initialFilters={await searchParams} />;
}
