import type { ReactNode } from "react";
import { redirect } from "next/navigation";
import { NextIntlClientProvider } from "next-intl";
import { getMessages, getTranslations } from "next-intl/server";
import { SupportLocaleSwitch } from "@/components/support/support-locale-switch";
import { SupportShell } from "@/components/support/support-shell";
import { currentStaffSession } from "@/lib/features/staff/current-staff";
import "../support.css";
import { sectionTitle } from "@/components/page-title";

export const generateMetadata = sectionTitle("support");

// Every console page needs a staff session: anonymous visitors go to the sign-in page.
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const session = await currentStaffSession();
  if (!session) redirect("/admin/login");
  // A one-time password's session may only replace it.
  if (session.staff.mustChangePassword) redirect("/admin/password");
  const [messages, t] = await Promise.all([getMessages(), getTranslations("checkout")]);
  return (
    <NextIntlClientProvider messages={{ support: messages.support, activation: messages.activation, labels: messages.labels }}>
      <SupportShell staff={{ email: session.staff.email, role: session.staff.role, csrfToken: session.csrfToken }}>{children}</SupportShell>
      <SupportLocaleSwitch label={t("language")} />
    </NextIntlClientProvider>
  );
}
