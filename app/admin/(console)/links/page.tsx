import { PaymentsView } from "@/components/admin/payments-view";

export default async function AdminLinksPage({ searchParams }: { searchParams: Promise<Record<string, string>> }) {
  return <PaymentsView kind="links" initialFilters={await searchParams} />;
}
