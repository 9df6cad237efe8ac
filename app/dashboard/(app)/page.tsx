import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { requireSessionMember } from "@/lib/auth/require-member";
import { signOutAction } from "../(auth)/actions";

export const metadata = { title: "Dashboard" };

// Placeholder until the dashboard branch lands its own page here: who is signed in, for which merchant.
export default async function DashboardHome() {
  const member = await requireSessionMember();
  const t = await getTranslations("auth");
  return (
    <main style={{ maxWidth: "40rem", margin: "2rem auto", padding: "0 1rem" }}>
      <h1>{t("home.title")}</h1>
      <p>{t("home.welcome", { email: member.email, role: t(`roles.${member.role}`), merchant: member.merchantName })}</p>
      <p>
        <Link href="/dashboard/settings/security">{t("security.title")}</Link>
      </p>
      <form action={signOutAction}>
        <button type="submit">{t("signOut")}</button>
      </form>
    </main>
  );
}
