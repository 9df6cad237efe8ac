import { PaymentsView } from "@/components/support/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("links");

export default async function SupportLinksPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <PaymentsView kind="links" initialFilters={await searchParams} />;
}
