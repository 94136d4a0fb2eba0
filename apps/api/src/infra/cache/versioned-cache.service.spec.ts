import { DataSource } from 'typeorm';
import { SqliteDatabase } from '@app/shared/server';
import { DataChangeEntity } from './data-change.entity';
import { VersionedCacheService, type DataChange } from './versioned-cache.service';

/** A change's facts in these tests: which key it touches. */
type Facts = { key: string };

describe('VersionedCacheService', () => {
  let dataSource: DataSource;
  let cache: VersionedCacheService;

  beforeEach(async () => {
    dataSource = new DataSource({ type: 'better-sqlite3', driver: SqliteDatabase, database: ':memory:', entities: [DataChangeEntity], synchronize: true });
    await dataSource.initialize();
    cache = new VersionedCacheService(dataSource);
    // The first read of the log only finds where it ends.
    await cache.position();
  });

  afterEach(() => dataSource.destroy());

  /** Writes changes as a listing write does (in a transaction), and has the instance read the log now. */
  const write = async (...keys: string[]) => {
    await dataSource.transaction((manager) => cache.record(manager, 'listings', keys.map((key) => ({ key }))));
    cache.invalidate();
    await cache.version('listings');
  };

  /** A kept value of `key` that depends on changes of that key; counts its computations and checks. */
  const kept = () => {
    const calls = { computed: 0, checked: 0 };
    const read = (key: string) =>
      cache.get(
        'listings',
        key,
        async () => {
          calls.computed += 1;
          return `${key}#${calls.computed}`;
        },
        (change: DataChange<Facts>) => {
          calls.checked += 1;
          return change.facts?.key === key;
        },
      );
    return { calls, read };
  };

  it('keeps a value across changes that do not touch it, and computes it again after one that does', async () => {
    const { calls, read } = kept();
    expect(await read('a')).toBe('a#1');
    await write('b');
    expect(await read('a')).toBe('a#1');
    await write('a');
    expect(await read('a')).toBe('a#2');
    expect(calls.computed).toBe(2);
  });

  it('checks entries when they are read, each change once per entry, not at each read of the log', async () => {
    const { calls, read } = kept();
    for (const key of ['a', 'b', 'c', 'd']) await read(key);
    await write('x');
    await write('y');
    // Reading the log checked nothing.
    expect(calls.checked).toBe(0);
    await read('a');
    expect(calls.checked).toBe(2);
    // Read again with no change since: nothing to check.
    await read('a');
    await write('z');
    await read('a');
    expect(calls.checked).toBe(3);
    expect(calls.computed).toBe(4);
  });

  it('drops an entry read after more changes than it would check, and one a change of its data set finds still computing', async () => {
    const { calls, read } = kept();
    await read('a');
    await write(...Array.from({ length: 300 }, (_, i) => `other${i}`));
    expect(await read('a')).toBe('a#2');
    expect(calls.checked).toBe(0);

    let finish!: (value: string) => void;
    const slow = cache.get('listings', 'slow', () => new Promise<string>((resolve) => (finish = resolve)), () => false);
    await write('anything');
    // A computation that may have read the data before the change is neither shared nor kept.
    const again = cache.get('listings', 'slow', async () => 'slow#2', () => false);
    finish('slow#1');
    expect(await slow).toBe('slow#1');
    expect(await again).toBe('slow#2');
  });

  it('says whether a get would find a value kept: computed or being computed, and untouched by the changes since', async () => {
    const { calls, read } = kept();
    expect(cache.holds('listings', 'a')).toBe(false);
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const computing = cache.get('listings', 'slow', async () => {
      await gate;
      return 'slow#1';
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.holds('listings', 'slow')).toBe(true);
    open();
    expect(await computing).toBe('slow#1');
    await read('a');
    await write('b');
    expect(cache.holds('listings', 'a')).toBe(true);
    await write('a');
    expect(cache.holds('listings', 'a')).toBe(false);
    expect(await read('a')).toBe('a#2');
    expect(calls.computed).toBe(2);
  });

  describe('get with bringForward (a kept value brought forward over the changes that touch it)', () => {
    /** A kept list of the keys written so far that start with `prefix`, brought forward by adding the keys changed. */
    const list = (prefix: string) => {
      const calls = { computed: 0, checked: 0, broughtForward: [] as string[][] };
      const written: string[] = [];
      const read = () =>
        cache.get(
          'listings',
          `list:${prefix}`,
          async () => {
            calls.computed += 1;
            return written.filter((key) => key.startsWith(prefix));
          },
          (change: DataChange<Facts>) => {
            calls.checked += 1;
            return change.facts?.key.startsWith(prefix) ?? true;
          },
          async (value: string[], changes: readonly DataChange<Facts>[]) => {
            const keys = changes.map((change) => change.facts!.key);
            calls.broughtForward.push(keys);
            return [...value, ...keys];
          },
        );
      const add = async (...keys: string[]) => {
        written.push(...keys);
        await write(...keys);
      };
      return { calls, read, add };
    };

    it('brings a kept value forward over only the changes that touch it, oldest first, instead of computing it again', async () => {
      const { calls, read, add } = list('a');
      await add('a1');
      expect(await read()).toEqual(['a1']);
      await add('b1', 'a2');
      await add('a3');
      expect(await read()).toEqual(['a1', 'a2', 'a3']);
      expect(calls.broughtForward).toEqual([['a2', 'a3']]);
      // Untouched since: kept as it is, the change checked once.
      const checked = calls.checked;
      await add('b2');
      expect(await read()).toEqual(['a1', 'a2', 'a3']);
      expect(calls.checked - checked).toBe(1);
      expect(calls.computed).toBe(1);
    });

    it('computes again after a change without facts, or after more changes than it would check', async () => {
      const { calls, read, add } = list('a');
      await read();
      await dataSource.transaction((manager) => cache.bump(manager, 'listings'));
      cache.invalidate();
      await add('a1');
      expect(await read()).toEqual(['a1']);
      expect(calls.computed).toBe(2);
      await add(...Array.from({ length: 300 }, (_, i) => `a-many${i}`));
      expect(await read()).toHaveLength(301);
      expect(calls).toMatchObject({ computed: 3, broughtForward: [] });
    });

    it('keeps a value that a change touched while it was computed, and brings it forward over that change when next read', async () => {
      let finish!: () => void;
      const gate = new Promise<void>((resolve) => (finish = resolve));
      const broughtForward: string[][] = [];
      const read = () =>
        cache.get(
          'listings',
          'slow-list',
          async () => {
            await gate;
            return ['read before x'];
          },
          () => true,
          async (value: string[], changes: readonly DataChange<Facts>[]) => {
            broughtForward.push(changes.map((change) => change.facts!.key));
            return [...value, ...changes.map((change) => change.facts!.key)];
          },
        );
      const first = read();
      await write('x');
      finish();
      expect(await first).toEqual(['read before x']);
      expect(await read()).toEqual(['read before x', 'x']);
      expect(broughtForward).toEqual([['x']]);
    });
  });

  it('answers the changes applied after a version, oldest first', async () => {
    const { version } = await cache.position();
    await write('a', 'b');
    await write('c');
    const keys = (changes: DataChange[] | undefined) => changes?.map((c) => (c.facts as Facts).key);
    expect(keys(cache.changesSince(version))).toEqual(['a', 'b', 'c']);
    expect(keys(cache.changesSince(version + 2))).toEqual(['c']);
    expect(cache.changesSince(version + 3)).toEqual([]);
  });

  it('drops a whole answer a change touches when it is next asked for, and keeps the others', async () => {
    let n = 0;
    const ask = (key: string) => cache.answer('listings', key, async () => ({ key, n: ++n }), (change: DataChange<Facts>) => change.facts?.key === key);
    expect(await ask('a')).toEqual({ key: 'a', n: 1 });
    expect(await ask('b')).toEqual({ key: 'b', n: 2 });
    await write('a');
    expect(await ask('b')).toEqual({ key: 'b', n: 2 });
    expect(await ask('a')).toEqual({ key: 'a', n: 3 });
  });

  it('keeps whole answers up to the configured bytes of their JSON, dropping the least recently asked first', async () => {
    const small = new VersionedCacheService(dataSource, undefined, { answerCacheBytes: 2500 });
    let n = 0;
    // About 1 KB of JSON each: two fit in 2,500 bytes, not three.
    const ask = (key: string) => small.answer('listings', key, async () => ({ key, n: ++n, text: 'x'.repeat(1000) }));
    expect((await ask('a')).n).toBe(1);
    expect((await ask('b')).n).toBe(2);
    expect((await ask('a')).n).toBe(1);
    expect((await ask('c')).n).toBe(3);
    // 'b' was asked least recently, so it made room for 'c'; 'a' is still kept.
    expect((await ask('a')).n).toBe(1);
    expect((await ask('b')).n).toBe(4);
  });

  describe('many (records of many keys at once)', () => {
    /** Records whose value names its key and the call that computed it; each call's missing keys are noted. */
    const records = () => {
      const calls: string[][] = [];
      let gone = new Set<string>();
      const read = (keys: string[], during?: () => Promise<void>) =>
        cache.many(
          'listings',
          'row',
          keys,
          async (missing) => {
            calls.push(missing);
            await during?.();
            return new Map(missing.filter((key) => !gone.has(key)).map((key) => [key, `${key}#${calls.length}`]));
          },
          (change: DataChange<Facts>, value: string) => change.facts?.key === value.split('#')[0],
        );
      return { calls, read, drop: (...keys: string[]) => (gone = new Set(keys)) };
    };
    const asObject = (found: Map<string, string>) => Object.fromEntries(found);

    it('computes the missing keys in one call and keeps each record until a change of its own key', async () => {
      const { calls, read } = records();
      expect(asObject(await read(['a', 'b']))).toEqual({ a: 'a#1', b: 'b#1' });
      expect(asObject(await read(['b', 'c', 'a']))).toEqual({ a: 'a#1', b: 'b#1', c: 'c#2' });
      expect(calls).toEqual([['a', 'b'], ['c']]);
      await write('b');
      expect(asObject(await read(['a', 'b', 'c']))).toEqual({ a: 'a#1', b: 'b#3', c: 'c#2' });
      expect(calls[2]).toEqual(['b']);
      // A change without facts (a bulk job) drops them all.
      await dataSource.transaction((manager) => cache.bump(manager, 'listings'));
      cache.invalidate();
      expect(asObject(await read(['a', 'c']))).toEqual({ a: 'a#4', c: 'c#4' });
    });

    it('leaves out a key the computation does not answer, and keeps nothing for it', async () => {
      const { calls, read, drop } = records();
      drop('gone');
      expect(asObject(await read(['a', 'gone']))).toEqual({ a: 'a#1' });
      expect(asObject(await read(['a', 'gone']))).toEqual({ a: 'a#1' });
      expect(calls).toEqual([['a', 'gone'], ['gone']]);
    });

    it('answers but does not keep a record computed while a change of it was applied', async () => {
      const { calls, read } = records();
      expect(asObject(await read(['a', 'b'], () => write('a')))).toEqual({ a: 'a#1', b: 'b#1' });
      expect(asObject(await read(['a', 'b']))).toEqual({ a: 'a#2', b: 'b#1' });
      expect(calls[1]).toEqual(['a']);
    });

    it('keeps each kind of record apart, by number as by text', async () => {
      const read = (kind: string, keys: number[]) =>
        cache.many('listings', kind, keys, async (missing) => new Map(missing.map((key) => [key, `${kind} ${key}`])));
      expect(Object.fromEntries(await read('row', [1, 2]))).toEqual({ 1: 'row 1', 2: 'row 2' });
      // The same numbers as another kind: their own records, not the rows.
      expect(Object.fromEntries(await read('photo', [2, 1]))).toEqual({ 2: 'photo 2', 1: 'photo 1' });
      expect(Object.fromEntries(await read('row', [2]))).toEqual({ 2: 'row 2' });
      // Of another data set: its own too.
      const other = await cache.many('users', 'row', [1], async (missing) => new Map(missing.map((key) => [key, `user ${key}`])));
      expect(other.get(1)).toBe('user 1');
    });
  });
});
