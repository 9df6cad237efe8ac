import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { assertCan, can, DASHBOARD_PAGES, forbiddenDetails, type DashboardPage, type MemberAction } from "@/lib/features/auth/member-permissions";
import { redirectWithoutMember } from "@/lib/features/auth/require-member";
import { getSessionMember, type SessionMember } from "@/lib/features/auth/session-member";
import type { Environment } from "@/lib/core/domain/environment";
import { errorBody } from "@/lib/core/errors/error-body";
import { ENVIRONMENT_HEADER } from "@/lib/core/request/environment-header";
import { dashboardPath } from "./dashboard-paths";
import type { MerchantScope } from "@/lib/core/domain/merchant-scope";

export type DashboardContext = { member: SessionMember; scope: MerchantScope };

/** The environment proxy.ts chose from the path: /test/dashboard is the sandbox. */
export async function dashboardEnvironment(): Promise<Environment> {
  return (await headers()).get(ENVIRONMENT_HEADER) === "sandbox" ? "sandbox" : "live";
}

async function contextOf(member: SessionMember): Promise<DashboardContext> {
  return { member, scope: { merchantId: member.merchantId, environment: await dashboardEnvironment() } };
}

/**
 * The signed-in member and their scope; anonymous visitors go to the sign-in page (a session
 * without a merchant to lib/features/auth/require-member.ts's page). With an
 * action, a member whose role lacks it gets 403/40001 (a server action then never runs).
 */
export async function requireMember(action: MemberAction = "view"): Promise<DashboardContext> {
  const member = await getSessionMember();
  if (!member) return redirectWithoutMember();
  assertCan(member, action);
  return contextOf(member);
}

/**
 * For a dashboard page: the member allowed to open it (lib/features/auth/member-permissions.ts,
 * DASHBOARD_PAGES). Signed out: the redirect above; a role that may not open it goes to the
 * dashboard's home, which says so.
 */
export async function requirePageMember(page: DashboardPage): Promise<DashboardContext> {
  const member = await getSessionMember();
  if (!member) return redirectWithoutMember();
  const context = await contextOf(member);
  if (!can(member.role, DASHBOARD_PAGES[page])) redirect(`${dashboardPath(context.scope.environment)}?refused=1`);
  return context;
}

/**
 * For a dashboard download (QR codes, CSV): the member allowed to fetch it, else the answer to
 * send instead in the spec's envelope (401 signed out, 403 for a role that may not).
 */
export async function routeMember(page: DashboardPage): Promise<DashboardContext | Response> {
  const member = await getSessionMember();
  if (!member) return Response.json(errorBody(40002, "Sign in to the dashboard first"), { status: 401 });
  const action = DASHBOARD_PAGES[page];
  if (!can(member.role, action)) return Response.json(errorBody(40001, forbiddenDetails(member, action)), { status: 403 });
  return contextOf(member);
}
