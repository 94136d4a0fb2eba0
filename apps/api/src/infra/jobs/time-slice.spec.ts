import { TimeSlicer } from './time-slice';

/** Busy work on the thread for `ms`. */
function spin(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('TimeSlicer', () => {
  it('is due once its slice has run, reading the clock once per 256 checks, and starts a new slice after a turn', async () => {
    const slicer = new TimeSlicer(5);
    const started = performance.now();
    let checks = 0;
    while (!slicer.due()) checks += 1;
    expect(performance.now() - started).toBeGreaterThanOrEqual(5);
    expect((checks + 1) % 256).toBe(0);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    await new Promise((resolve) => setTimeout(resolve, 2));
    await slicer.breathe();
    expect(timerRan).toBe(true);
    expect(slicer.breaths).toBe(1);
    // A new slice: not due before it has run its time again.
    for (let i = 0; i < 255; i += 1) expect(slicer.due()).toBe(false);
  });

  it('reads the clock by rows of work, so a loop over groups of rows asking once a group is due in time', () => {
    const slicer = new TimeSlicer(0);
    for (let i = 0; i < 255; i += 1) expect(slicer.due()).toBe(false);
    expect(slicer.due()).toBe(true);
    // A model of 300 listings handled at once: due at once, not after 256 models.
    expect(slicer.due(300)).toBe(true);
    expect(slicer.due(100)).toBe(false);
    expect(slicer.due(156)).toBe(true);
  });

  it('does not pause when the turn it gives finds nothing to do', async () => {
    const slicer = new TimeSlicer(5, 50);
    for (let k = 0; k < 20; k += 1) await slicer.breathe();
    expect(slicer.breaths).toBe(20);
    // A turn with nothing to do takes microseconds; a busy machine may still take this thread away for a millisecond
    // now and then, so a few pauses are allowed, not one at every turn.
    expect(slicer.pauses).toBeLessThanOrEqual(5);
  });

  it('pauses when other work ran in its turn, so work that takes several turns goes on meanwhile', async () => {
    const slicer = new TimeSlicer(5, 100);
    // A request of four steps, each a turn later than the one before and 2 ms of work.
    let steps = 0;
    const step = (): void => {
      spin(2);
      steps += 1;
      if (steps < 4) setImmediate(step);
    };
    setImmediate(step);
    await slicer.breathe();
    expect(slicer.pauses).toBe(1);
    // Given one turn, it would have had one step; the pause let it finish.
    expect(steps).toBe(4);
  });
});
