import { describe, expect, it } from 'vitest';
import { csvField } from '@/lib/csv';
import { domainsCsv } from './domains-csv';

describe('domains CSV', () => {
  it('quotes commas, quotes and line breaks, and neutralises formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvField(null)).toBe('');
    expect(csvField(12)).toBe('12');
  });

  it('writes the table columns, one row per website, CRLF line ends', () => {
    const csv = domainsCsv([
      {
        id: 3,
        website_id: 'w-3',
        url: 'https://a.example',
        is_active: 1,
        created_at: new Date('2025-01-02T10:00:00Z'),
        domain_tags: [
          { id: 1, name: 'Germany', type: 'geo' },
          { id: 2, name: 'News, daily', type: 'category' },
        ],
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Id,Website Id,Url,Status,Tags,Created at',
      '3,w-3,https://a.example,Active,"Germany; News, daily",2025-01-02',
      '',
    ]);
  });
});
