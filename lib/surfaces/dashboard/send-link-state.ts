import type { ActionState } from "./dashboard-action";

/** The link page's send form's answer: the action's result, with what was typed so the form keeps it after an error. */
export type SendLinkState = (ActionState & { channel?: string; to?: string }) | null;
