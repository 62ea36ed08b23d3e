import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Probe({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div data-testid="probe" ref={useMergeRefs(refs)} />;
}

describe('useMergeRefs (for Mantine ScrollArea)', () => {
  it('gives the node to every ref, object or callback, and takes it back on unmount', () => {
    const object = createRef<HTMLDivElement>();
    const callback = vi.fn();
    const { getByTestId, unmount } = render(<Probe refs={[object, callback, undefined]} />);
    const node = getByTestId('probe');
    expect(object.current).toBe(node);
    expect(callback).toHaveBeenLastCalledWith(node);
    unmount();
    expect(object.current).toBeNull();
    expect(callback).toHaveBeenLastCalledWith(null);
  });
});
