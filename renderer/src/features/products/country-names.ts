/** The country choices of the customs section, named in the user's language. */
import { COUNTRY_CODES, countryLabel } from '#shared/domain/customs';

export interface CountryOption {
  code: string;
  label: string;
  /** Lower-cased name and code, for matching typed text. */
  search: string;
}

/** Every country, ordered by its name in the language. */
export function countryOptions(language: string): CountryOption[] {
  const collator = new Intl.Collator(language);
  return COUNTRY_CODES.map((code) => {
    const label = countryLabel(code, language);
    return { code, label, search: label.toLocaleLowerCase(language) };
  }).sort((a, b) => collator.compare(a.label, b.label));
}
