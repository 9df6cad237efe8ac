/**
 * An operator's name without its country ("MTN MoMo Côte d'Ivoire" -> "MTN MoMo"), for a list the
 * country already heads (the poster names it once). The catalogue's labels end with the country as
 * Intl names it, apostrophes aside; a label that does not is kept whole.
 */
export function operatorBrand(label: string, countryName: string): string {
  const plain = (text: string) => text.replace(/[’ʼ]/g, "'");
  const suffix = ` ${plain(countryName)}`;
  return plain(label).endsWith(suffix) ? label.slice(0, label.length - suffix.length) : label;
}
