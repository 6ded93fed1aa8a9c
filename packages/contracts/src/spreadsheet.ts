/** A leading =, +, -, @, tab or CR makes a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * User text as a spreadsheet cell (CSV or XLSX): text a spreadsheet would run as a formula gets a leading `'` so it
 * stays plain text. Every export writes its text cells through this one rule.
 */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}
