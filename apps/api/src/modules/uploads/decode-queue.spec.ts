import type { AppConfig } from '../../infra/config/app-config';
import { DependencyUnavailableException } from '../../infra/http/unavailable';
import { DecodeQueue } from './decode-queue';

function queueOf(concurrency: number, waiting: number): DecodeQueue {
  return new DecodeQueue({ decodeQueue: { concurrency, waiting } } as AppConfig);
}

/** A job that runs until `release` is called; `started` says whether it has begun. */
function heldJob() {
  let release!: () => void;
  const job = { started: false, release: () => release() };
  const run = () => {
    job.started = true;
    return new Promise<string>((resolve) => (release = () => resolve('done')));
  };
  return { job, run };
}

describe('DecodeQueue', () => {
  it('runs at most `concurrency` jobs at once, lets `waiting` more wait, and refuses the next with a 503 and Retry-After', async () => {
    const queue = queueOf(2, 1);
    const held = [heldJob(), heldJob(), heldJob()];
    const results = held.map(({ run }) => queue.run(run));
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.map(({ job }) => job.started)).toEqual([true, true, false]);
    expect(queue.load()).toEqual({ running: 2, waiting: 1 });

    const refused = queue.run(() => Promise.resolve('never'));
    await expect(refused).rejects.toBeInstanceOf(DependencyUnavailableException);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 5, message: expect.stringMatching(/Too many photos/) });

    // A finished job frees its slot for the waiting one, and its waiting place for the next upload.
    held[0].job.release();
    await expect(results[0]).resolves.toBe('done');
    await new Promise((resolve) => setImmediate(resolve));
    expect(held[2].job.started).toBe(true);
    expect(queue.load()).toEqual({ running: 2, waiting: 0 });
    const next = queue.run(() => Promise.resolve('next'));
    expect(queue.load()).toEqual({ running: 2, waiting: 1 });
    held[1].job.release();
    await expect(next).resolves.toBe('next');
    held[2].job.release();
    await Promise.all(results);
    await expect(queue.run(() => Promise.resolve('last'))).resolves.toBe('last');
    expect(queue.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a failed job on to its caller and keeps serving', async () => {
    const queue = queueOf(1, 0);
    await expect(queue.run(() => Promise.reject(new Error('unreadable')))).rejects.toThrow('unreadable');
    await expect(queue.run(() => Promise.resolve(42))).resolves.toBe(42);
  });
});
