import { stringField } from "@/lib/integrations/gateways/operators/operator-http";

// MTN sends its callback once, unsigned, without retry, as a PUT or a POST (its documentation
// says to accept both) whose body is the transaction object of the status read. Anyone can send
// that, so a callback is never trusted: it only says which payment to read again, and the status
// read by our own X-Reference-Id decides. MTN's callback body has no X-Reference-Id, so the
// callback URL we give MTN carries our reference:
//   {origin}/api/operators/mtn-momo/callback?reference={our deposit or transfer reference}

export const MTN_MOMO_CALLBACK_PATH = "/api/operators/mtn-momo/callback";

/** The X-Callback-Url for one payment: our callback route with our reference in the query. */
export function mtnMomoCallbackUrl(origin: string, reference: string): string {
  const url = new URL(MTN_MOMO_CALLBACK_PATH, origin);
  url.searchParams.set("reference", reference);
  return url.toString();
}

export type MtnMomoCallbackHint = {
  /** Our reference, from the callback URL we gave MTN. */
  reference?: string;
  /** The externalId MTN echoes (our reference too, as we sent it). */
  externalId?: string;
};

/** Which payment a callback is about; null when it names none. What it says about the outcome is ignored on purpose. */
export function mtnMomoCallbackHint(url: URL, body: unknown): MtnMomoCallbackHint | null {
  const reference = url.searchParams.get("reference") ?? undefined;
  const externalId = stringField(body, "externalId");
  if (!reference && !externalId) return null;
  return { ...(reference ? { reference } : {}), ...(externalId ? { externalId } : {}) };
}
