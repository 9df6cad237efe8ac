import type { ReactNode } from "react";
import "../(auth)/auth.css";
// The dashboard's buttons and confirmations (components/dashboard) on the security page.
import "../dashboard.css";
import { sectionTitle } from "@/components/page-title";

export const generateMetadata = sectionTitle("account");

// Account pages of a signed-in member (security), kept apart from the merchant pages of (app).
export default function AccountLayout({ children }: { children: ReactNode }) {
  return <main className="auth-main">{children}</main>;
}
