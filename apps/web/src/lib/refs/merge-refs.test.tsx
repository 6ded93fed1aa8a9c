import { render } from '@testing-library/react';
import { createRef, type Ref } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Target({ refs }: { refs: Ref<HTMLDivElement>[] }) {
  return <div data-testid="node" ref={useMergeRefs(refs)} />;
}

describe('useMergeRefs (the hook Mantine ScrollArea gets instead of floating-ui)', () => {
  it('gives every ref the node, and takes it back on unmount: object refs reset, callbacks cleaned up', () => {
    const object = createRef<HTMLDivElement>();
    const plain = vi.fn();
    const cleanup = vi.fn();
    const withCleanup = vi.fn(() => cleanup);
    const { getByTestId, unmount } = render(<Target refs={[object, plain, withCleanup]} />);
    const node = getByTestId('node');
    expect(object.current).toBe(node);
    expect(plain).toHaveBeenCalledWith(node);
    expect(withCleanup).toHaveBeenCalledWith(node);
    unmount();
    expect(object.current).toBeNull();
    expect(plain).toHaveBeenLastCalledWith(null);
    // a callback that returned a cleanup (React 19) gets its cleanup, not a call with null
    expect(cleanup).toHaveBeenCalledOnce();
    expect(withCleanup).toHaveBeenCalledTimes(1);
  });
});
