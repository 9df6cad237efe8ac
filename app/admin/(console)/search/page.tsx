import { redirect } from "next/navigation";
import { SearchView } from "@/components/support/search-view";
import { currentStaffSession } from "@/lib/features/staff/current-staff";
import { findSearchTarget } from "@/lib/surfaces/support/search-queries";
import { SupportPrefetch } from "@/components/support/support-prefetch";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("search");

type Query = { q?: string | string[]; environment?: string | string[] };

export default async function SupportSearchPage({ searchParams }: { searchParams: Promise<Query> }) {
  const params = await searchParams;
  // A repeated parameter arrives as an array: the first one counts, as URLSearchParams.get reads it.
  const q = [params.q ?? ""].flat()[0] ?? "";
  const environment = [params.environment].flat()[0];
  // The layout's session check may run alongside this page: check here too, so an anonymous
  // visitor never learns from a redirect that a reference exists.
  const session = await currentStaffSession();
  if (!session || session.staff.mustChangePassword) redirect("/admin/login");
  // An exact reference opens its page: there is nothing else to choose from.
  const target = await findSearchTarget(q, environment === "sandbox" || environment === "live" ? environment : undefined);
  if (target) redirect(target);
  return (
    <SupportPrefetch reads={[{ path: "/admin/api/search", params: { q } }]}>
      <SearchView q={q} />
    </SupportPrefetch>
  );
}
