import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getDashboardSession } from "@/lib/features/auth/dashboard-session";
import { findOpenInvitation } from "@/lib/features/auth/invitations";
import { MEMBER_ROLES } from "@/lib/features/auth/member-permissions";
import { acceptInvitationAction, signOutAction } from "../../actions";
import { AuthError, AuthHeader } from "../../auth-header";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("acceptInvitation");

export default async function AcceptInvitationPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ error?: string }> }) {
  const t = await getTranslations("auth");
  const { id } = await params;
  const { error } = await searchParams;
  const path = `/dashboard/accept-invitation/${encodeURIComponent(id)}`;
  const invitation = await findOpenInvitation(id);
  if (!invitation) {
    return (
      <>
        <AuthHeader title={t("invitation.title")} redirect={path} />
        <p role="alert" className="auth-error">
          {t("invitation.notFound")}
        </p>
        <p className="auth-links">
          <Link href="/dashboard">{t("invitation.continue")}</Link>
        </p>
      </>
    );
  }
  const role = (MEMBER_ROLES as readonly string[]).includes(invitation.role ?? "") ? t(`roles.${invitation.role as (typeof MEMBER_ROLES)[number]}`) : (invitation.role ?? "");
  const session = await getDashboardSession();
  const values = { inviter: invitation.inviterName, email: invitation.email, organization: invitation.organizationName, role };
  return (
    <>
      <AuthHeader title={t("invitation.title")} redirect={path} />
      <p>{t("invitation.intro", values)}</p>
      <AuthError error={error} />
      {!session ? (
        <p className="auth-links">
          <Link className="auth-button" href={`/dashboard/sign-up?next=${encodeURIComponent(path)}&email=${encodeURIComponent(invitation.email)}`}>
            {t("invitation.signUp", values)}
          </Link>
          <Link href={`/dashboard/sign-in?next=${encodeURIComponent(path)}`}>{t("invitation.signIn", values)}</Link>
        </p>
      ) : session.user.email.toLowerCase() !== invitation.email.toLowerCase() ? (
        <form action={signOutAction} className="auth-form">
          <input type="hidden" name="next" value={path} />
          <p className="auth-error">{t("invitation.wrongAccount", { current: session.user.email, email: invitation.email })}</p>
          <button type="submit">{t("invitation.signOut")}</button>
        </form>
      ) : (
        <form action={acceptInvitationAction} className="auth-form">
          <input type="hidden" name="invitationId" value={invitation.id} />
          <button type="submit">{t("invitation.accept", values)}</button>
        </form>
      )}
    </>
  );
}
