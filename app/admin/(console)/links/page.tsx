import { PaymentsView } from "@/components/admin/payments-view";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("links");

export default async function AdminLinksPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <PaymentsView kind="links" initialFilters={await searchParams} />;
}
