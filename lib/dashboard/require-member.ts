import "server-only";
import { headers } from "next/headers";
import { can, type MemberAction } from "@/lib/auth/member-permissions";
import { redirectWithoutMember } from "@/lib/auth/require-member";
import { getSessionMember, type SessionMember } from "@/lib/auth/session-member";
import type { Environment } from "@/lib/domain/environment";
import { ApiError } from "@/lib/errors/api-error";
import { ENVIRONMENT_HEADER } from "@/lib/http/environment-header";
import type { DashboardScope } from "./dashboard-scope";

export type DashboardContext = { member: SessionMember; scope: DashboardScope };

/** The environment proxy.ts chose from the path: /test/dashboard is the sandbox. */
export async function dashboardEnvironment(): Promise<Environment> {
  return (await headers()).get(ENVIRONMENT_HEADER) === "sandbox" ? "sandbox" : "live";
}

/**
 * The signed-in member and their scope; anonymous visitors go to the sign-in page (a session
 * without a merchant to lib/auth/require-member.ts's page). With an
 * action, a member whose role lacks it gets 403/40001 (a server action then never runs).
 */
export async function requireMember(action: MemberAction = "view"): Promise<DashboardContext> {
  const member = await getSessionMember();
  if (!member) return redirectWithoutMember();
  assertCan(member, action);
  return { member, scope: { merchantId: member.merchantId, environment: await dashboardEnvironment() } };
}

export function assertCan(member: Pick<SessionMember, "role">, action: MemberAction) {
  if (!can(member.role, action)) {
    throw new ApiError(40001, { details: `Your role (${member.role}) does not allow '${action}'; ask an owner or admin of the account` });
  }
}
