import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import type { z } from 'zod';
import type { pickerDomainSchema } from '../layout-schemas';

/** Value of the picker's first entry, which opens /dashboard. */
export const ALL_WEBSITES = 'all';

/** The fields the picker reads from GET /api/v1/domains. */
export type PickerDomain = z.infer<typeof pickerDomainSchema>;

export function domainOptions(domains: readonly PickerDomain[]): ComboboxItem[] {
  return [
    { value: ALL_WEBSITES, label: 'All Websites' },
    ...domains.map((domain) => ({ value: String(domain.id), label: domain.url })),
  ];
}

function isItem(option: ComboboxParsedItem): option is ComboboxItem {
  return 'value' in option;
}

/** Matches the URL text or the id; 'All Websites' always stays first. */
export const filterDomainOptions: OptionsFilter = ({ options, search }) => {
  const query = search.trim().toLowerCase();
  if (!query) return options;
  return options.filter(
    (option) =>
      isItem(option) &&
      (option.value === ALL_WEBSITES || option.label.toLowerCase().includes(query) || option.value === query),
  );
};
