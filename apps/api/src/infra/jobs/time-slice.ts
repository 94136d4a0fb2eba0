import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a long computation runs before it gives the event loop a turn, by default. */
export const DEFAULT_SLICE_MS = 10;

/**
 * Lets a long computation on the API's own thread (a market refit over a million listings) give the event loop
 * a turn every `sliceMs`, so a request waits behind it for about that long at most instead of for the whole
 * computation. In a loop: `if (slicer.due()) await slicer.breathe();` — `due()` is cheap enough for every row
 * (it reads the clock once per 256 calls).
 */
export class TimeSlicer {
  private sliceStart = performance.now();
  private calls = 0;
  /** Turns given so far (for tests and logs). */
  breaths = 0;

  constructor(private readonly sliceMs = DEFAULT_SLICE_MS) {}

  /** Whether the current slice has run its time. */
  due(): boolean {
    this.calls = (this.calls + 1) & 255;
    return this.calls === 0 && performance.now() - this.sliceStart >= this.sliceMs;
  }

  /** Gives the event loop a turn (timers, I/O, other requests), then starts a new slice. */
  async breathe(): Promise<void> {
    await nextTurn();
    this.breaths += 1;
    this.sliceStart = performance.now();
  }
}
