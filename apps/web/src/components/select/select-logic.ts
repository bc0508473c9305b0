// docs/product.md#constants-and-limits select defaults.
export const SELECT_FILTER_DEBOUNCE_MS = 300;
export const SELECT_VISIBLE_OPTIONS = 5;
export const SELECT_OPTION_HEIGHT_PX = 38;
export const SELECT_MAX_LABELS = 5;
export const SELECT_NO_RESULTS = 'No results found';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export function filterOptions(options: readonly SelectOption[], text: string): SelectOption[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...options];
  return options.filter((o) => o.label.toLowerCase().includes(needle));
}

/** Up to five labels, then 'N options selected'. */
export function selectionSummary(labels: readonly string[], placeholder: string): string {
  if (labels.length === 0) return placeholder;
  if (labels.length > SELECT_MAX_LABELS) return `${labels.length} options selected`;
  return labels.join(', ');
}
