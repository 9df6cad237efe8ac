import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LocaleSwitch } from "@/components/locale-switch";
import { currentStaffSession } from "@/lib/admin/current-staff";
import "../admin.css";

export const metadata = { title: "Support sign-in", robots: { index: false } };

// A plain form: it works before any JavaScript, and the session cookie is set by the response.
export default async function AdminLogin({ searchParams }: { searchParams: Promise<{ error?: string }> }) {
  const session = await currentStaffSession();
  if (session) redirect(session.staff.mustChangePassword ? "/admin/password" : "/admin");
  const t = await getTranslations("admin.login");
  const { error } = await searchParams;
  return (
    <main className="admin-login">
      <h1>{t("title")}</h1>
      <form method="post" action="/admin/api/session" className="admin-login-form">
        <label htmlFor="email">{t("email")}</label>
        <input id="email" name="email" type="email" autoComplete="username" required />
        <label htmlFor="password">{t("password")}</label>
        <input id="password" name="password" type="password" autoComplete="current-password" required />
        {error && (
          <p role="alert" className="admin-error">
            {error === "rate" ? t("rate") : t("invalid")}
          </p>
        )}
        <button type="submit">{t("submit")}</button>
      </form>
      <LocaleSwitch redirect="/admin/login" />
    </main>
  );
}
