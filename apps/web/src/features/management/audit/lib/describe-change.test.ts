import { describe, expect, it } from 'vitest';
import { describeChange, formatValue } from './describe-change';

describe('describeChange', () => {
  it('lists every field of a creation with no before', () => {
    expect(describeChange(null, { user_id: 5, email: 'a@b.test' })).toEqual([
      { field: 'user_id', before: null, after: '5' },
      { field: 'email', before: null, after: 'a@b.test' },
    ]);
  });

  it('lists every field of a deletion with no after', () => {
    expect(describeChange({ name: 'editors' }, null)).toEqual([{ field: 'name', before: 'editors', after: null }]);
  });

  it('keeps only the fields an update changed, lists as text', () => {
    expect(
      describeChange(
        { name: 'Acme', is_active: 1, roles: ['user'] },
        { name: 'Acme', is_active: 0, roles: ['client', 'viewer'], permissions: [] },
      ),
    ).toEqual([
      { field: 'is_active', before: '1', after: '0' },
      { field: 'roles', before: 'user', after: 'client, viewer' },
      { field: 'permissions', before: null, after: '(none)' },
    ]);
  });

  it('shows a value that is not an object whole, and nested objects as JSON text', () => {
    expect(describeChange('old', 'new')).toEqual([{ field: '', before: 'old', after: 'new' }]);
    expect(formatValue({ a: { b: 1 } })).toBe('{"a":{"b":1}}');
    expect(formatValue(true)).toBe('true');
    expect(describeChange(null, null)).toEqual([]);
  });
});
