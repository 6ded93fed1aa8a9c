import { describe, expect, it } from 'vitest';
import { type CopyChoice, copyWarning } from './copy-warnings';

const ready: CopyChoice = {
  migration: false,
  sourceDomain: 3,
  targets: 1,
  types: new Set(['recurring']),
  chosen: { recurring: 2, welcome: 0, audiences: 0 },
  clientsChosen: true,
};

describe('copy warnings', () => {
  it('says what is missing in the order of the spec', () => {
    expect(copyWarning(ready)).toBeNull();
    expect(copyWarning({ ...ready, sourceDomain: null })).toBe('Select domain(s) to obtain items from!');
    expect(copyWarning({ ...ready, targets: 0 })).toBe('Select domain(s) to obtain items from and to copy to!');
    expect(copyWarning({ ...ready, chosen: { ...ready.chosen, recurring: 0 } })).toBe(
      'Select items you would like to copy!',
    );
    expect(copyWarning({ ...ready, types: new Set(['recurring', 'welcome']) })).toBe(
      'Select items you would like to copy!',
    );
    expect(copyWarning({ ...ready, types: new Set(), targets: 0 })).toBe('Select items you would like to copy!');
    expect(copyWarning({ ...ready, clientsChosen: false })).toBe('Select a client.');
  });

  it("words Recurring Migration's missing target '…and to migrate to!'", () => {
    expect(copyWarning({ ...ready, migration: true, targets: 0 })).toBe(
      'Select domain(s) to obtain items from and to migrate to!',
    );
    expect(copyWarning({ ...ready, migration: true, sourceDomain: null })).toBe(
      'Select domain(s) to obtain items from!',
    );
  });
});
