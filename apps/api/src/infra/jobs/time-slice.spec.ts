import { TimeSlicer } from './time-slice';

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
});
