import { getLocale, getTranslations } from "next-intl/server";
import { ActionForm } from "@/components/dashboard/action-form";
import { ConfirmActionForm } from "@/components/dashboard/confirm-action-form";
import { formatTime } from "@/components/dashboard/format";
import { can, canGrantRole, MEMBER_ROLES } from "@/lib/features/auth/member-permissions";
import { listTeam } from "@/lib/features/team/manage-team";
import { requirePageMember } from "@/lib/surfaces/dashboard/require-member";
import { changeRoleAction, inviteMemberAction, removeMemberAction, revokeInvitationAction } from "./actions";
import { pageTitle } from "@/components/page-title";

export const generateMetadata = pageTitle("team");

// The merchant's team is the same in test mode and live: the page sits in the (app) group for the
// dashboard's shell and navigation, and shows the same thing under /dashboard and /test/dashboard.
// Only roles with team:manage see the forms; an owner's row is an owner's to change.
export default async function TeamPage() {
  const { member } = await requirePageMember("/dashboard/settings/team");
  const [t, f, locale] = await Promise.all([getTranslations("dashboard"), getTranslations("firstSteps"), getLocale()]);
  const team = await listTeam(member.merchantId);
  const manages = can(member.role, "team:manage");
  const grantable = MEMBER_ROLES.filter((role) => canGrantRole(member.role, role));
  const roleOptions = grantable.map((role) => (
    <option key={role} value={role}>
      {t(`roles.${role}`)}
    </option>
  ));
  return (
    <>
      <h1>{t("team.heading")}</h1>
      <p>{t("team.intro")}</p>

      <section className="dash-card" aria-labelledby="team-members">
        <h2 id="team-members">{t("team.members")}</h2>
        <ul className="dash-timeline" data-testid="team-members">
          {team.members.map((m) => {
            const editable = manages && (m.role !== "owner" || member.role === "owner");
            const who = m.name || m.email;
            return (
              <li key={m.id} data-member-id={m.id}>
                <dl className="dash-fields">
                  <dt>{t("team.name")}</dt>
                  <dd>{m.name || "—"}</dd>
                  <dt>{t("team.email")}</dt>
                  <dd>{m.email}</dd>
                  <dt>{t("team.role")}</dt>
                  <dd>{t(`roles.${m.role}`)}</dd>
                  <dt>{t("team.joined")}</dt>
                  <dd>{formatTime(m.joinedAt, locale, member.timeZone)}</dd>
                </dl>
                {editable ? (
                  <div className="dash-actions">
                    <ActionForm action={changeRoleAction} submitLabel={t("team.changeRole")} className="dash-form dash-inline">
                      <input type="hidden" name="memberId" value={m.id} />
                      <label>
                        {t("team.newRoleFor", { who })}
                        <select name="role" defaultValue={grantable.includes(m.role) ? m.role : undefined}>
                          {roleOptions}
                        </select>
                      </label>
                    </ActionForm>
                    <ConfirmActionForm
                      action={removeMemberAction}
                      labels={{ open: t("team.remove", { who }), question: f("removeMemberQuestion", { who }), confirm: f("removeMemberConfirm"), cancel: f("cancel") }}
                    >
                      <input type="hidden" name="memberId" value={m.id} />
                    </ConfirmActionForm>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      </section>

      <section className="dash-card" aria-labelledby="team-invitations">
        <h2 id="team-invitations">{t("team.invitations")}</h2>
        {team.invitations.length === 0 ? <p>{t("team.noInvitations")}</p> : null}
        <ul className="dash-timeline" data-testid="team-invitations">
          {team.invitations.map((i) => (
            <li key={i.id}>
              <dl className="dash-fields">
                <dt>{t("team.email")}</dt>
                <dd>{i.email}</dd>
                <dt>{t("team.role")}</dt>
                <dd>{(MEMBER_ROLES as readonly string[]).includes(i.role) ? t(`roles.${i.role}`) : i.role}</dd>
                <dt>{t("team.expires")}</dt>
                <dd>{formatTime(i.expiresAt, locale, member.timeZone)}</dd>
              </dl>
              {manages ? (
                <ConfirmActionForm
                  action={revokeInvitationAction}
                  labels={{ open: t("team.revoke", { email: i.email }), question: f("revokeInvitationQuestion", { email: i.email }), confirm: f("revokeInvitationConfirm"), cancel: f("cancel") }}
                >
                  <input type="hidden" name="invitationId" value={i.id} />
                </ConfirmActionForm>
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      {manages ? (
        <section className="dash-card" aria-labelledby="team-invite">
          <h2 id="team-invite">{t("team.invite")}</h2>
          <p>{t("team.inviteIntro")}</p>
          <ActionForm action={inviteMemberAction} submitLabel={t("team.send")}>
            <label>
              {t("team.email")}
              <input name="email" type="email" required maxLength={254} autoComplete="off" />
            </label>
            <label>
              {t("team.role")}
              <select name="role" defaultValue="viewer">
                {roleOptions}
              </select>
            </label>
          </ActionForm>
        </section>
      ) : null}
    </>
  );
}
