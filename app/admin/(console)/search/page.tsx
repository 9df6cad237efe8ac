import { SearchView } from "@/components/admin/search-view";

export default async function AdminSearchPage({ searchParams }: { searchParams: Promise<{ q?: string }> }) {
  return <SearchView q={(await searchParams).q ?? ""} />;
}
