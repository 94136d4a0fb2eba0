import { Injectable } from '@nestjs/common';

/**
 * Where this instance is in its life, as /api/ready tells a load balancer: warming up (work it does once at start
 * before it answers at its usual speed, such as reading the search counts snapshot) and on its way out (draining).
 * /api/ready answers 503 in both, so traffic goes to the other instances meanwhile.
 */
@Injectable()
export class LifecycleService {
  private drainingSince?: number;
  /** The warm-ups under way, by name, with the time each stops holding readiness back. */
  private readonly warmUps = new Map<string, { deadline: number }>();

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  /**
   * Holds readiness back while `work` runs, for at most `maxMs`: an instance that serves every request meanwhile, but
   * slowly (a search at a million listings waits seconds for the snapshot), is better left out of the rotation. The
   * bound keeps a warm-up that hangs from keeping the instance out for ever. Settling either way ends it.
   */
  warmUp(name: string, work: Promise<unknown>, maxMs: number, now = Date.now()): void {
    const entry = { deadline: now + maxMs };
    this.warmUps.set(name, entry);
    const done = () => {
      if (this.warmUps.get(name) === entry) this.warmUps.delete(name);
    };
    work.then(done, done);
  }

  /** The names of the warm-ups still holding readiness back. */
  warming(now = Date.now()): string[] {
    return [...this.warmUps].filter(([, entry]) => entry.deadline > now).map(([name]) => name);
  }
}
