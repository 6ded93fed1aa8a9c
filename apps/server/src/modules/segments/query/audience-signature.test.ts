import { type AudienceQuery, audienceQuerySchema } from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';
import { audienceSignature, canonicalJson } from './audience-signature.ts';

const q = (filters: unknown[]): AudienceQuery => audienceQuerySchema.parse({ filters });

describe('audienceSignature', () => {
  it('is the same for the same query spelled differently', () => {
    const a = q([
      { device: { values: ['desktop'] } },
      { os: { type: 'or', operator: 'in', values: ['iOS', 'Android', 'iOS'] } },
      { group: { filters: [{ id: { operator: '>', values: [3] } }] } },
    ]);
    const b = q([
      { device: { buildtype: 'string', values: ['desktop'], operator: '=', type: 'or' } },
      { os: { values: ['Android', 'iOS'], operator: 'in', type: 'or' } },
      { group: { type: 'and', filters: [{ id: { values: [3], operator: '>', type: 'or' } }] } },
    ]);
    expect(audienceSignature(a)).toBe(audienceSignature(b));
    expect(audienceSignature(a)).toBe(
      '{"filters":[{"device":{"operator":"=","type":"and","values":["desktop"]}},' +
        '{"os":{"operator":"in","type":"or","values":["Android","iOS"]}},' +
        '{"group":{"filters":[{"id":{"operator":">","type":"and","values":[3]}}],"type":"and"}}]}',
    );
  });

  it('differs when the meaning may differ', () => {
    const base = audienceSignature(q([{ device: { values: ['desktop'] } }, { os: { values: ['iOS'] } }]));
    for (const other of [
      q([{ device: { values: ['Desktop'] } }, { os: { values: ['iOS'] } }]),
      q([{ device: { values: ['desktop'] } }, { os: { type: 'or', values: ['iOS'] } }]),
      q([{ os: { values: ['iOS'] } }, { device: { values: ['desktop'] } }]),
      q([{ device: { values: ['desktop'] } }, { os: { operator: '!=', values: ['iOS'] } }]),
      q([{ device: { values: ['desktop'], filters: [{ os: { values: ['iOS'] } }] } }]),
      q([{ group: { filters: [{ device: { values: ['desktop'] } }, { os: { values: ['iOS'] } }] } }]),
    ])
      expect(audienceSignature(other)).not.toBe(base);
    expect(audienceSignature(q([]))).toBe('{"filters":[]}');
  });

  it('sorts keys at every level', () => {
    expect(canonicalJson({ b: [{ z: 1, a: null }], a: 'x' })).toBe('{"a":"x","b":[{"a":null,"z":1}]}');
  });
});
