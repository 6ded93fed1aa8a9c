/** Texts of the statistics screens (part 1 §5, §8). */
export const STATS_TEXT = {
  noExportData: 'No data available. Please ensure you have the required data before attempting to retrieve the file.',
  sortInvalid: 'Unable to sort due to invalid data.',
  fillForm: 'Fill the form with the required fields.',
  topFailed: 'Failed to load some statistics. Please try again.',
  selectDomain: 'Select domain for comparison!',
  invalidResponse: 'Invalid response',
} as const;
