import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';

/** How long a long computation runs before it gives the event loop a turn, by default. */
export const DEFAULT_SLICE_MS = 10;

/** due() reads the clock once per this many rows of work. */
const CLOCK_EVERY = 256;

/** A turn of the event loop that took this long ran other work (requests): the computation then pauses. */
export const BUSY_TURN_MS = 1;

/**
 * Lets a long computation on the API's own thread (a market refit over a million listings) give the event loop
 * a turn every `sliceMs`, so a request waits behind it for about that long at most instead of for the whole
 * computation. In a loop: `if (slicer.due()) await slicer.breathe();` — `due()` is cheap enough for every row
 * (it reads the clock once per 256 rows; a loop over groups of rows says how many it handled: `due(group.length)`).
 *
 * When that turn ran other work (it took BUSY_TURN_MS or more: requests are being answered), the computation
 * also pauses for `pauseMs`, so it takes at most about half of the thread while the server is busy: a request
 * needs several turns (its query, its rows, its reply), and given one turn per slice it waited a slice at each
 * (at a million listings, searches during the refit crept along at 8 a second). On an idle server it runs
 * without pausing.
 */
export class TimeSlicer {
  private sliceStart = performance.now();
  private calls = 0;
  /** Turns given so far, and how many of them paused (for tests and logs). */
  breaths = 0;
  pauses = 0;

  constructor(
    private readonly sliceMs = DEFAULT_SLICE_MS,
    private readonly pauseMs = sliceMs,
  ) {}

  /**
   * Whether the current slice has run its time. `work`: how many rows the caller handled since it last asked (1 for a
   * loop that asks at every row); the clock is read once per CLOCK_EVERY rows. A loop over groups of rows that asked
   * once a group (a model's listings) read it once per 256 groups: at a million listings once in the whole loop,
   * which then held the thread for 1.7 s.
   */
  due(work = 1): boolean {
    this.calls += work;
    if (this.calls < CLOCK_EVERY) return false;
    this.calls = 0;
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  /** Gives the event loop a turn (timers, I/O, other requests), and a pause when that turn was busy, then starts a new slice. */
  async breathe(): Promise<void> {
    const before = performance.now();
    await nextTurn();
    this.breaths += 1;
    if (performance.now() - before >= BUSY_TURN_MS) {
      this.pauses += 1;
      await sleep(this.pauseMs);
    }
    this.sliceStart = performance.now();
  }
}
