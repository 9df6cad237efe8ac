import { notFound } from "next/navigation";
import { pageTitle } from "@/components/page-title";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";

export const generateMetadata = pageTitle("notFound");

// Any dashboard address no page answers (/dashboard/nope, /test/dashboard/nope): the dashboard's
// own not-found page (../not-found.tsx), inside its frame and navigation, in the member's language,
// instead of Next's bare English 404. Signed out, the sign-in page, as for every dashboard page.
export default async function MissingDashboardPage(): Promise<never> {
  await requirePageMember("/dashboard/[...missing]");
  notFound();
}
