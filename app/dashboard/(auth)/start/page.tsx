import { redirect } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { BusinessCountryField } from "@/components/dashboard/business-country-field";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";
import { NO_MERCHANT_PAGE } from "@/lib/features/auth/redirect-target";
import { MEMBER_ROLES } from "@/lib/features/auth/member-permissions";
import { getSessionMember } from "@/lib/features/auth/session-member";
import { getStartChoices } from "@/lib/surfaces/dashboard/account-queries";
import { signOutAction } from "../actions";
import { AuthError, AuthHeader } from "../auth-header";
import { acceptInvitationFromStartAction, chooseMerchantAction, declineInvitationAction, openOwnBusinessAction } from "./actions";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("start");

/**
 * A signed-in person the dashboard cannot show a merchant to: an invitee who never accepted (or
 * whose invitation expired or was declined), or a member removed from the merchant their session
 * pointed at. They answer their invitations here, reopen a merchant they still belong to, or open
 * their own business.
 */
export default async function StartPage({ searchParams }: { searchParams: Promise<{ error?: string; notice?: string }> }) {
  const session = await getDashboardSession();
  if (!session) redirect(`/dashboard/sign-in?next=${encodeURIComponent(NO_MERCHANT_PAGE)}`);
  if (await getSessionMember()) redirect("/dashboard");
  const [t, format, { error, notice }, { memberships, invitations }] = await Promise.all([
    getTranslations("auth"),
    getFormatter(),
    searchParams,
    getStartChoices(session.user),
  ]);
  const roleName = (role: string | null) => ((MEMBER_ROLES as readonly string[]).includes(role ?? "") ? t(`roles.${role as (typeof MEMBER_ROLES)[number]}`) : (role ?? ""));
  return (
    <>
      <AuthHeader title={t("start.title")} redirect={NO_MERCHANT_PAGE} />
      <p>{t("start.intro", { email: session.user.email })}</p>
      <AuthError error={error} />
      {notice === "declined" || notice === "alreadyMember" ? (
        <p className="auth-notice" role="status">
          {t(`start.${notice}`)}
        </p>
      ) : null}

      {memberships.length > 0 ? (
        <section aria-labelledby="start-yours">
          <h2 id="start-yours">{t("start.yours")}</h2>
          {memberships.map((m) => (
            <form key={m.merchantId} action={chooseMerchantAction} className="auth-form">
              <input type="hidden" name="merchantId" value={m.merchantId} />
              <button type="submit">{t("start.openMerchant", { organization: m.merchantName })}</button>
            </form>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="start-invitations">
        <h2 id="start-invitations">{t("start.invitations")}</h2>
        {invitations.length === 0 ? <p className="auth-hint">{t("start.noInvitation")}</p> : null}
        <ul className="auth-invitations">
          {invitations.map((i) => (
            <li key={i.id}>
              <p>{t("start.invitation", { inviter: i.inviterName, organization: i.organizationName, role: roleName(i.role) })}</p>
              <p className="auth-hint">{t("start.expires", { date: format.dateTime(i.expiresAt, { dateStyle: "long" }) })}</p>
              <form action={acceptInvitationFromStartAction} className="auth-form">
                <input type="hidden" name="invitationId" value={i.id} />
                <button type="submit">{t("start.accept", { organization: i.organizationName })}</button>
              </form>
              <form action={declineInvitationAction} className="auth-form">
                <input type="hidden" name="invitationId" value={i.id} />
                <button type="submit" className="auth-secondary">
                  {t("start.decline", { organization: i.organizationName })}
                </button>
              </form>
            </li>
          ))}
        </ul>
      </section>

      {memberships.length === 0 ? (
        <section aria-labelledby="start-own">
          <h2 id="start-own">{t("start.ownTitle")}</h2>
          <p className="auth-hint">{t("start.ownIntro")}</p>
          <form action={openOwnBusinessAction} className="auth-form">
            <label htmlFor="businessName">{t("fields.businessName")}</label>
            <input id="businessName" name="businessName" autoComplete="organization" maxLength={100} required />
            <BusinessCountryField />
            <button type="submit">{t("start.ownSubmit")}</button>
          </form>
        </section>
      ) : null}

      <form action={signOutAction} className="auth-links">
        <button type="submit" className="auth-secondary">
          {t("invitation.signOut")}
        </button>
      </form>
    </>
  );
}
