import { LifecycleService } from './lifecycle.service';

describe('LifecycleService warm-ups', () => {
  it('holds readiness back while a warm-up runs, and lets go when it settles either way', async () => {
    const lifecycle = new LifecycleService();
    let finish!: () => void;
    let fail!: (error: Error) => void;
    lifecycle.warmUp('search counts', new Promise<void>((resolve) => (finish = resolve)), 60_000);
    lifecycle.warmUp('photos', new Promise<void>((_, reject) => (fail = reject)), 60_000);
    expect(lifecycle.warming()).toEqual(['search counts', 'photos']);
    finish();
    fail(new Error('not read'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(lifecycle.warming()).toEqual([]);
  });

  it('stops holding it back after its bound, though the work still runs', () => {
    const lifecycle = new LifecycleService();
    lifecycle.warmUp('search counts', new Promise<void>(() => undefined), 45_000, 1_000);
    expect(lifecycle.warming(45_999)).toEqual(['search counts']);
    expect(lifecycle.warming(46_000)).toEqual([]);
  });

  it('keeps a warm-up started again under the same name when the first one settles', async () => {
    const lifecycle = new LifecycleService();
    let first!: () => void;
    lifecycle.warmUp('search counts', new Promise<void>((resolve) => (first = resolve)), 60_000);
    lifecycle.warmUp('search counts', new Promise<void>(() => undefined), 60_000);
    first();
    await new Promise((resolve) => setImmediate(resolve));
    expect(lifecycle.warming()).toEqual(['search counts']);
  });
});
