// Our catalog's gateways that pawaPay can serve, and pawaPay's code for each ("provider" in
// accountDetails), from docs/operators-pawapay.md ("Providers"). Only providers that push a PIN
// prompt to the phone (pawaPay's PROVIDER_AUTH) are listed: our DIRECT gateways. pawaPay's
// PREAUTH (Orange Burkina Faso: a code the customer makes first) and REDIRECT_AUTH (Wave) flows
// are other shapes, not built here.
//
// T-Money and Moov (Flooz) in Togo: no pawaPay page, kit or pawaPay developer's repository names a
// provider (only third-party code, inconsistently: TOGOCOM_TGO, MOOV_TGO): not listed, so TMONEY_TG
// and MOOV_MONEY_TG stay off whatever the routing says.

export type PawapayProvider = {
  /** pawaPay's provider code. */
  provider: string;
  /** pawaPay's country (ISO 3166-1 alpha-3), as in its availability and active configuration. */
  country: string;
  currency: string;
  /**
   * Where the code is read: pawaPay's providers page ("docs"), only its builders' kit, a pawaPay
   * developer's workshop repository ("kit"), or only third-party integrations ("third-party":
   * check active-conf before routing a gateway to it).
   */
  source: "docs" | "kit" | "third-party";
};

export const PAWAPAY_PROVIDERS: Readonly<Record<string, PawapayProvider>> = {
  MOOV_MONEY_BJ: { provider: "MOOV_BEN", country: "BEN", currency: "XOF", source: "docs" },
  MTN_MOMO_BJ: { provider: "MTN_MOMO_BEN", country: "BEN", currency: "XOF", source: "docs" },
  MOOV_MONEY_BF: { provider: "MOOV_BFA", country: "BFA", currency: "XOF", source: "docs" },
  MTN_MOMO_CI: { provider: "MTN_MOMO_CIV", country: "CIV", currency: "XOF", source: "docs" },
  MOOV_MONEY_CI: { provider: "MOOV_CIV", country: "CIV", currency: "XOF", source: "third-party" },
  FREE_MONEY_SN: { provider: "FREE_SEN", country: "SEN", currency: "XOF", source: "kit" },
  MTN_MOMO_CM: { provider: "MTN_MOMO_CMR", country: "CMR", currency: "XAF", source: "docs" },
  ORANGE_MONEY_CM: { provider: "ORANGE_CMR", country: "CMR", currency: "XAF", source: "docs" },
};

/** The pawaPay provider of one of our gateways, if pawaPay serves it. */
export function pawapayProviderOf(gatewayName: string): PawapayProvider | null {
  return PAWAPAY_PROVIDERS[gatewayName] ?? null;
}

/** Our gateway for a pawaPay provider code (availability, callbacks), if we list it. */
export function gatewayOfPawapayProvider(provider: string): string | null {
  return Object.entries(PAWAPAY_PROVIDERS).find(([, entry]) => entry.provider === provider)?.[0] ?? null;
}
