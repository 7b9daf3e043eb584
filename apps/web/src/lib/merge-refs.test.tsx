// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useMergeRefs } from './merge-refs';

function Probe({ refs }: { refs: Parameters<typeof useMergeRefs<HTMLDivElement>>[0] }) {
  return <div ref={useMergeRefs(refs)} data-testid="probe" />;
}

describe('useMergeRefs', () => {
  it('feeds object refs and callback refs, and lets go of them on unmount', () => {
    const object = createRef<HTMLDivElement>();
    const seen: (HTMLDivElement | null)[] = [];
    const callback = (node: HTMLDivElement | null) => {
      seen.push(node);
    };
    const cleanup = vi.fn();
    const withCleanup = () => cleanup;
    const { unmount, getByTestId } = render(<Probe refs={[object, callback, withCleanup, undefined]} />);
    const node = getByTestId('probe');
    expect(object.current).toBe(node);
    expect(seen).toEqual([node]);
    unmount();
    expect(object.current).toBeNull();
    expect(seen).toEqual([node, null]);
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('is no ref at all when every ref is empty', () => {
    const { getByTestId } = render(<Probe refs={[undefined, null]} />);
    expect(getByTestId('probe')).toBeTruthy();
  });
});
