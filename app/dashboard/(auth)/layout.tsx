import type { ReactNode } from "react";
import "./auth.css";

export const metadata = { robots: { index: false } };

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <main className="auth-main">{children}</main>;
}
