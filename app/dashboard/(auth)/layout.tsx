import type { ReactNode } from "react";
import "./auth.css";
import { sectionTitle } from "@/components/page-title";

export const generateMetadata = sectionTitle("dashboard");

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <main className="auth-main">{children}</main>;
}
