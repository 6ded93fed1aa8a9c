import { describe, expect, it } from 'vitest';
import { pageTitle } from './route-labels';

describe('pageTitle', () => {
  it("names the tab after the screen as a heading, the spec's internal names in the sidebar's words", () => {
    expect(pageTitle('Files')).toBe('Files · Pushdeck');
    expect(pageTitle('MainCont')).toBe('Website Dashboard · Pushdeck');
    expect(pageTitle('ViewAud')).toBe('Audience · Pushdeck');
    expect(pageTitle('Recurring Group')).toBe('Recurring Drip group · Pushdeck');
    expect(pageTitle('More Info Subs')).toBe('Subscriber list · Pushdeck');
  });
});
