import { catchUpWaitMs } from './search-counts.service';

describe('catchUpWaitMs', () => {
  it('waits 1 s for quick catch-ups, 2.5 times a slow one (two may be waited for: the one under way and the next), 10 s at most', () => {
    expect(catchUpWaitMs(0)).toBe(1_000);
    expect(catchUpWaitMs(50)).toBe(1_000);
    expect(catchUpWaitMs(400)).toBe(1_000);
    expect(catchUpWaitMs(1_200)).toBe(3_000);
    expect(catchUpWaitMs(20_000)).toBe(10_000);
  });
});
