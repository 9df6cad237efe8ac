import { countryOfPhone } from "@/lib/core/domain/dial-codes";

type Options = {
  /** The codes the page offers, in the order it lists them. */
  available: string[];
  acceptLanguage: string | null;
  /** Where the merchant trades, if it told us. */
  merchantCountry?: string | null;
  /** The phone the merchant gave for the customer, if any: its dial code names a country. */
  customerPhone?: string | null;
};

/** The regions of an Accept-Language header, most preferred first ("fr-CI;q=0.8" -> CI; q=0 excluded). */
export function languageRegions(acceptLanguage: string | null): string[] {
  return (acceptLanguage ?? "")
    .split(",")
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      let region: string | undefined;
      try {
        // Intl.Locale finds the region wherever the tag puts it ("zh-Hant-TW", "fr-ci").
        region = tag ? new Intl.Locale(tag.trim().replace(/_/g, "-")).region : undefined;
      } catch {
        region = undefined;
      }
      return { region: region?.toUpperCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry): entry is { region: string; q: number; index: number } => !!entry.region && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.region);
}

/**
 * The country the checkout opens on: the customer's own region from their browser's languages
 * ("fr-CI" -> CI), else the merchant's country, else the country of the phone the merchant gave
 * for the customer, else the first listed. Only a country the page offers is ever chosen; picking
 * the alphabetical first for everyone made most customers start by changing it.
 */
export function preselectCountry({ available, acceptLanguage, merchantCountry, customerPhone }: Options): string {
  const offered = (code: string | null | undefined): code is string => !!code && available.includes(code);
  const candidates = [...languageRegions(acceptLanguage), merchantCountry, customerPhone ? countryOfPhone(customerPhone) : null];
  return candidates.find(offered) ?? available[0] ?? "";
}
