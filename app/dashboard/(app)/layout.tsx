import type { ReactNode } from "react";
import { getLocale, getTranslations } from "next-intl/server";
import { DashboardLocaleSwitch } from "@/components/dashboard/dashboard-locale-switch";
import { DashboardNav } from "@/components/dashboard/dashboard-nav";
import { EnvironmentToggle } from "@/components/dashboard/environment-toggle";
import { MerchantSwitcher } from "@/components/dashboard/merchant-switcher";
import { NoticeArea } from "@/components/dashboard/notices";
import { dashboardPath } from "@/lib/surfaces/dashboard/dashboard-paths";
import { getDashboardFrame } from "@/lib/surfaces/dashboard/layout-queries";
import { requireMember } from "@/lib/surfaces/dashboard/require-member";
import { signOutAction } from "../(auth)/actions";
import { switchMerchantAction } from "./switch-merchant-action";
import "../dashboard.css";
import { sectionTitle } from "@/components/page-title";

export const generateMetadata = sectionTitle("dashboard");

// Every dashboard page needs a signed-in member (else the sign-in page); /test/dashboard is the
// sandbox, shown with a banner, and the switch beside the merchant's name changes environment.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { member, scope } = await requireMember();
  const [t, ta, f, tp, tb, tr, locale, { memberships, liveActivated }] = await Promise.all([
    getTranslations("dashboard"),
    getTranslations("activation"),
    getTranslations("firstSteps"),
    getTranslations("dashboardPages"),
    getTranslations("batches"),
    getTranslations("paymentAlerts.received"),
    getLocale(),
    getDashboardFrame(member),
  ]);
  const path = (p: string) => dashboardPath(scope.environment, p);
  // The shopkeeper's sections first: at 360 px the bar scrolls sideways and shows three or four
  // links, so her money (balance and withdrawals, then the payments received) comes right after
  // home; the developer's (events and keys, the docs) come last, set apart (issue 51 item 6).
  const items = [
    { segment: null, href: path(""), label: t("nav.home") },
    { segment: "balance", href: path("/balance"), label: t("nav.balance") },
    { segment: "payments", href: path("/payments"), label: tr("heading") },
    { segment: "links", href: path("/links"), label: t("nav.links") },
    { segment: "pages", href: path("/pages"), label: tp("nav") },
    { segment: "batches", href: path("/batches"), label: tb("nav") },
    { segment: "analytics", href: path("/analytics"), label: t("nav.analytics") },
    { segment: "settings", href: path("/settings"), label: t("nav.settings") },
    // Until live payments are on, the way to ask for them is always one tap away.
    ...(liveActivated ? [] : [{ segment: "activation", href: path("/activation"), label: ta("nav") }]),
    // The API's view of the same money (each attempt as a deposit), the webhooks and keys, and the
    // API reference and guides outside the dashboard (no segment of its own).
    { segment: "deposits", href: path("/deposits"), label: t("nav.deposits"), developer: true },
    { segment: "developers", href: path("/developers"), label: t("nav.developers"), developer: true },
    { segment: "/docs", href: "/docs", label: f("docsNav"), developer: true },
  ];
  return (
    <>
      <a href="#dash-main" className="dash-skip">
        {t("skip")}
      </a>
      <header>
        {scope.environment === "sandbox" ? <p className="dash-test-banner">{t("env.testBanner")}</p> : null}
        {/* Live mode before activation: say why nothing live works, and where to go. */}
        {scope.environment === "live" && !liveActivated ? (
          <p className="dash-test-banner dash-live-off">
            {ta("liveOff")} <a href="/dashboard/activation">{ta("liveOffActivate")}</a> · <a href="/test/dashboard">{ta("liveOffTest")}</a>
          </p>
        ) : null}
        <div className="dash-header">
          <strong>{member.merchantName}</strong>
          <span className="dash-who">{t("signedInAs", { name: member.name, role: t(`roles.${member.role}`) })}</span>
          <div className="dash-header-end">
            <span className="visually-hidden">{t("env.current", { environment: scope.environment === "sandbox" ? t("env.test") : t("env.live") })}</span>
            {memberships.length > 1 ? (
              <MerchantSwitcher
                merchants={memberships}
                current={member.merchantId}
                home={path("")}
                action={switchMerchantAction}
                labels={{ label: t("switcher.label"), submit: t("switcher.submit") }}
              />
            ) : null}
            <EnvironmentToggle environment={scope.environment} labels={{ toLive: t("env.toLive"), toTest: t("env.toTest") }} />
            {/* The server action ends the session and goes to sign-in (better-auth's own route answers JSON). */}
            <form action={signOutAction}>
              <button type="submit">{t("signOut")}</button>
            </form>
          </div>
        </div>
      </header>
      <DashboardNav base={path("")} label={t("nav.label")} items={items} />
      <main id="dash-main" className="dash-main">
        <NoticeArea dismissLabel={f("dismiss")}>{children}</NoticeArea>
      </main>
      <footer>
        <DashboardLocaleSwitch fallback={path("")} current={locale} label={t("language")} />
      </footer>
    </>
  );
}
