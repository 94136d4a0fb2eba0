import { act, renderHook } from '@testing-library/react';
import { useDeferredAnswer } from './deferred-answer';

describe('useDeferredAnswer', () => {
  function track() {
    const drawn: (string | undefined)[] = [];
    const hook = renderHook(({ key, data }: { key: string; data: string | undefined }) => {
      const answer = useDeferredAnswer(key, data);
      drawn.push(answer);
      return answer;
    }, { initialProps: { key: 'make=BMW', data: 'BMW page 1' as string | undefined } });
    return { drawn, hook };
  }

  it("shows a new question's first answer at once, never the pending state's nothing", () => {
    const { drawn, hook } = track();
    act(() => hook.rerender({ key: 'sortBy=distance_asc', data: undefined }));
    drawn.length = 0;
    act(() => hook.rerender({ key: 'sortBy=distance_asc', data: 'nearest page 1' }));
    // Every render from the answer's arrival on draws it: the deferred value's pending {key, undefined} never shows.
    expect(drawn).toEqual(drawn.map(() => 'nearest page 1'));
    expect(drawn.length).toBeGreaterThan(0);
  });

  it('draws a new answer to the same question, and ends on it', () => {
    const { drawn, hook } = track();
    act(() => hook.rerender({ key: 'make=BMW', data: 'BMW pages 1 and 2' }));
    expect(hook.result.current).toBe('BMW pages 1 and 2');
    expect(drawn.every((d) => d === 'BMW page 1' || d === 'BMW pages 1 and 2')).toBe(true);
  });

  it("never shows the last question's answer for a new question", () => {
    const { drawn, hook } = track();
    drawn.length = 0;
    act(() => hook.rerender({ key: 'make=Audi', data: undefined }));
    expect(drawn).not.toContain('BMW page 1');
    expect(hook.result.current).toBeUndefined();
  });
});
