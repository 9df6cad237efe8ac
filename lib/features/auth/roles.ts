import { createAccessControl } from "better-auth/plugins/access";
import { defaultStatements } from "better-auth/plugins/organization/access";
import { can, MEMBER_ACTIONS, type MemberAction, type MemberRole } from "./member-permissions";

// better-auth's organization plugin answers its own HTTP routes (/api/auth/organization/*), so
// its roles must allow no more than the dashboard's table (lib/features/auth/member-permissions.ts): they
// are built from it. Only team:manage has a counterpart there (members and invitations). No
// action renames or deletes the organization through better-auth: the merchant's name is the
// settings page's, and deleting the organization would leave a merchant without its team.
type Statements = { member?: ("create" | "update" | "delete")[]; invitation?: ("create" | "cancel")[] };

const ORGANIZATION_STATEMENTS: Partial<Record<MemberAction, Statements>> = {
  "team:manage": { member: ["create", "update", "delete"], invitation: ["create", "cancel"] },
};

export const accessControl = createAccessControl(defaultStatements);

function organizationRole(role: MemberRole) {
  const granted = MEMBER_ACTIONS.filter((action) => can(role, action)).map((action) => ORGANIZATION_STATEMENTS[action] ?? {});
  return accessControl.newRole({ member: granted.flatMap((s) => s.member ?? []), invitation: granted.flatMap((s) => s.invitation ?? []) });
}

export const organizationRoles = {
  owner: organizationRole("owner"),
  admin: organizationRole("admin"),
  developer: organizationRole("developer"),
  viewer: organizationRole("viewer"),
} satisfies Record<MemberRole, ReturnType<typeof organizationRole>>;
