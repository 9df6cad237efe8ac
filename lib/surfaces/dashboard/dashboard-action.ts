import "server-only";
import { refresh } from "next/cache";
import { headers } from "next/headers";
import { getTranslations } from "next-intl/server";
import type { MemberAction } from "@/lib/features/auth/member-permissions";
import { db, type Db } from "@/lib/core/db/client";
import { liveNotActivated, readLiveActivated } from "@/lib/features/merchants/live-activation";
import { errorFields, log } from "@/lib/core/logging/log";
import { DomainError, type OutcomeKind, type OutcomeReason } from "@/lib/core/errors/domain-error";
import type { RefusalRule } from "@/lib/core/errors/refusal-rules";
import { apiErrorOf } from "@/lib/surfaces/http/api-error-of";
import { formErrorOf } from "./form-errors";
import { requireMember, type DashboardContext } from "@/lib/surfaces/dashboard/require-member";

/**
 * What a dashboard form shows after its server action: a message, a secret shown once, or the
 * error: `error` for the form as a whole, `fieldErrors` beside the fields they concern (then
 * `error` says to look at them), both in the member's language; `code` is the API's, for tests
 * and support (never shown as text).
 */
export type ActionState = {
  message?: string;
  secret?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  code?: number;
  /** The refused input and its rule, as the feature decided them (for tests and support; never shown as text). */
  refusal?: { field?: string; rule?: RefusalRule };
  /**
   * A two-step form's question before it acts ("Withdraw 1 000 F CFA through Orange Money?"):
   * nothing was done yet. Its facts, shown under it, name what the member is about to approve
   * (the beneficiary, the number, the operator, the amounts), one label and value each.
   */
  confirm?: { question: string; facts?: { label: string; value: string }[] };
  /** What was typed, handed back: a page re-rendered without JavaScript shows it again. */
  fields?: Record<string, string>;
} | null;

/** What an action's work gets: the member, their scope and the database to do it on (actions never import the client). */
export type DashboardActionContext = DashboardContext & { db: Db };

/**
 * The actions that take or send live money: refused in live mode until the merchant's live
 * payments are activated, with the API's own error (lib/features/merchants/live-activation.ts). Keys,
 * webhooks, settings and the team stay open: a merchant prepares its integration meanwhile.
 */
const LIVE_MONEY_ACTIONS: ReadonlySet<MemberAction> = new Set(["links:create", "transfers:request", "transfers:approve", "refunds:create"]);

async function assertLiveAllowed(action: MemberAction, context: DashboardContext) {
  if (context.scope.environment !== "live" || !LIVE_MONEY_ACTIONS.has(action)) return;
  if (!(await readLiveActivated(db(), context.scope.merchantId))) throw liveNotActivated();
}

/** An outcome a form names to say it in its own words: its kind ("not_found"), or kind and reason ("invalid:phone"). */
export type OutcomeKey = OutcomeKind | `${OutcomeKind}:${OutcomeReason}`;

/**
 * The form's own words for an outcome: "invalid:phone" for an outcome with that reason, "invalid"
 * for one without (as the contract gives a reason its own code: 40014, not 40023).
 */
function ownWords(error: unknown, errors: Partial<Record<OutcomeKey, string>> | undefined): string | undefined {
  if (!errors || !(error instanceof DomainError)) return undefined;
  const key: OutcomeKey = error.reason ? `${error.kind}:${error.reason}` : error.kind;
  return errors[key];
}

/**
 * The body of every dashboard server action: the member must be signed in and allowed the
 * action (otherwise it never runs and the form shows 40001), live money actions need live
 * payments activated (40001 with the reason), the work is scoped by their merchant and
 * environment, and an outcome (or an ApiError) becomes the form's error in the member's language, by
 * the contract's code the API would answer (lib/surfaces/http/api-error-of.ts; messages:
 * apiErrors), beside the field it concerns when it is one of the form's `fields`, or in the form's
 * own words for the outcomes it names (`errors`: an outcome's kind, or kind and reason, to a
 * message in the page's language).
 */
export async function runDashboardAction(
  action: MemberAction,
  work: (context: DashboardActionContext) => Promise<ActionState>,
  options: { refresh?: boolean; errors?: Partial<Record<OutcomeKey, string>>; fields?: readonly string[] } = {},
): Promise<ActionState> {
  const t = await getTranslations("apiErrors");
  try {
    const context = await requireMember(action);
    await assertLiveAllowed(action, context);
    const state = await work({ ...context, db: db() });
    // Re-render the page with what changed; not when the form that shows a secret would vanish
    // with it (a regenerated key's form goes once the key has an end date).
    // Only for a post made by the page's JavaScript (Next's "Next-Action" header): a plain form post
    // (JavaScript off, or not loaded yet) gets the whole page rendered again anyway, and refresh()
    // there left the response hanging (the no-JavaScript withdrawal and invitation never answered).
    if (options.refresh !== false && (await headers()).has("next-action")) refresh();
    return state;
  } catch (error) {
    // Live money before activation: the reason and the way to activation, in the page's language.
    // The dashboard's one mapping of outcomes: the API's code, then the form's words for it.
    const refusal = apiErrorOf(error);
    if (refusal?.rule === "live_not_activated") return { error: (await getTranslations("activation"))("liveRefused"), code: refusal.code };
    if (refusal) {
      const { field, messageKey } = formErrorOf(refusal, options.fields ?? []);
      const message = ownWords(error, options.errors) ?? t(messageKey);
      const said = { code: refusal.code, ...(refusal.field || refusal.rule ? { refusal: { field: refusal.field, rule: refusal.rule } } : {}) };
      return field ? { error: t("summary"), fieldErrors: { [field]: message }, ...said } : { error: message, ...said };
    }
    // redirect() and notFound() throw on purpose: let Next handle them.
    if (error instanceof Error && "digest" in error) throw error;
    log("error", "dashboard action failed", { action, ...errorFields(error) });
    return { error: t("codes.50000"), code: 50000 };
  }
}
