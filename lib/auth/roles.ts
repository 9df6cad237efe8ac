import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, memberAc, ownerAc } from "better-auth/plugins/organization/access";

// The organization plugin's access control decides who may manage the team (members and
// invitations). What each role may do on the dashboard itself is lib/auth/member-permissions.ts.
export const accessControl = createAccessControl(defaultStatements);

export const organizationRoles = {
  owner: accessControl.newRole(ownerAc.statements),
  admin: accessControl.newRole(adminAc.statements),
  developer: accessControl.newRole(memberAc.statements),
  viewer: accessControl.newRole(memberAc.statements),
};

export const MEMBER_ROLES = ["owner", "admin", "developer", "viewer"] as const;
