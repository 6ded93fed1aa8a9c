import { describe, expect, it } from 'vitest';
import { spreadsheetText } from './spreadsheet.ts';

describe('spreadsheetText', () => {
  it("prefixes text a spreadsheet would run as a formula with ' and leaves other text alone", () => {
    for (const text of ['=1+2', '+1', '-2', '@SUM(A1)', '\tx', '\r=x']) expect(spreadsheetText(text)).toBe(`'${text}`);
    for (const text of ['', 'plain', 'a=b', ' =x', "'quoted", 'https://x.test/?a=-1']) {
      expect(spreadsheetText(text)).toBe(text);
    }
  });
});
