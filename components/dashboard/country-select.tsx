import { SERVED_COUNTRIES } from "@/lib/core/domain/served-countries";

type Props = { id?: string; name: string; locale: string; defaultValue?: string | null; blankLabel?: string; required?: boolean; describedBy?: string };

/** The countries we serve, named in the page's language and sorted by that name. */
export function countryOptions(locale: string) {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  return SERVED_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, locale));
}

/** A country picker over the countries we serve (sign-up, settings, activation). */
export function CountrySelect({ id, name, locale, defaultValue, blankLabel, required, describedBy }: Props) {
  return (
    <select id={id} name={name} defaultValue={defaultValue ?? ""} required={required} aria-describedby={describedBy}>
      {blankLabel !== undefined ? <option value="">{blankLabel}</option> : null}
      {countryOptions(locale).map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </select>
  );
}
