/**
 * `npm run bench:counts [-- --n 100000]`: the in-memory counts of a search's total and facets
 * (CountsSnapshot.countAll) and its page (CountsSnapshot.page), the CPU a search the cache does not hold spends
 * first, timed on their own over the search bench's listings: a snapshot of every public listing of the search
 * bench's SQLite file (which `npm run bench:search -- --engines sqlite` makes and keeps), and the
 * filter sets of the bench's realistic mix that the snapshot answers alone (no keywords, features, place or
 * radius: those add a set of ids from the database). Prints the time per search, one thread, nothing else running;
 * then a catch-up's (CountsSnapshot.withChanges) with the sort orders the pages made: a seller's price edit, a
 * listing approved with one sold (every row after them moves: the columns are copied, the orders mended), and a
 * live market's second (4 approved, 4 sold, 4 price edits).
 */
import { existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { CountsSnapshot, idFiltersOf, SnapshotBuilder, snapshotSelect, type ChangedRow, type SnapshotRow } from '../src/modules/vehicles/search/counts-snapshot';
import { countGroupsOf } from '../src/modules/vehicles/search/search-invalidation';
import { filtersKey, withoutDimension, type FacetDimension, type NormalizedSearchFilters } from '../src/modules/vehicles/search/search-filters';
import { requestOf, searchMix } from './queries';

function parse(args: string[]): { n: number; rounds: number; searches: number } {
  const options = { n: 100_000, rounds: 3, searches: 20_000 };
  for (let i = 0; i < args.length; i += 2) {
    if (args[i] === '--n') options.n = Number(args[i + 1]);
    else if (args[i] === '--rounds') options.rounds = Number(args[i + 1]);
    else if (args[i] === '--searches') options.searches = Number(args[i + 1]);
    else throw new Error(`unknown option ${args[i]}`);
  }
  return options;
}

function main(): void {
  const { n, rounds, searches } = parse(process.argv.slice(3));
  const file = join(tmpdir(), `carmarket-bench-${n}.sqlite`);
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run bench:search -- --n ${n} --engines sqlite --mixes-only\` first (it keeps the file)`);
  const db = new DatabaseSync(file, { readOnly: true });
  const rows = db.prepare(`SELECT ${snapshotSelect('sqlite')} FROM vehicles WHERE isPublic = 1 ORDER BY id`).all() as unknown as SnapshotRow[];
  db.close();
  const builder = new SnapshotBuilder(rows.length);
  builder.add(rows);
  const snapshot = new CountsSnapshot(1, 'sqlite', builder.columns());
  // The mix's searches in the order buyers ask them (Zipf-like popularity), those the snapshot answers alone.
  const mix = searchMix(20_000);
  const requests = new Map<string, ReturnType<typeof requestOf>>();
  const asked = Array.from({ length: searches }, () => mix.next())
    .map((path) => requests.get(path) ?? requests.set(path, requestOf(path)).get(path)!)
    .filter((r) => idFiltersOf(r.filters) === undefined);
  console.log(
    `bench:counts: ${snapshot.size.toLocaleString('en-US')} public listings; ${asked.length.toLocaleString('en-US')} searches of the realistic mix (${new Set(asked).size.toLocaleString('en-US')} distinct) without keywords, features, place or radius; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  );
  // What a group counts: the search's filters for its total, without the facet's own for a facet.
  const countedOf = (group: FacetDimension | 'total', filters: NormalizedSearchFilters) => (group === 'total' ? filters : withoutDimension(filters, group));
  const keyOf = (group: FacetDimension | 'total', filters: NormalizedSearchFilters) => `${group}:${filtersKey(countedOf(group, filters))}`;
  let sink = 0;
  for (let round = 0; round < rounds; round += 1) {
    for (const onlyMissing of [false, true]) {
      // A search the cache holds every count of counts nothing; one it does not, counts all its groups in one pass
      // (onlyMissing: only those the cache does not hold, as VehicleSearchService.countsOf does).
      const held = new Set<string>();
      let passes = 0;
      const started = performance.now();
      for (const r of asked) {
        const groups = countGroupsOf(r.filters);
        const missing = groups.filter((group) => !held.has(keyOf(group, r.filters)));
        if (missing.length === 0) continue;
        const counted = onlyMissing ? missing : groups;
        passes += 1;
        if (counted.length === 1) sink += snapshot.count(countedOf(counted[0], r.filters), counted[0])?.length ?? 0;
        else sink += snapshot.countAll(counted.map((group) => ({ group, filters: countedOf(group, r.filters) })))?.length ?? 0;
        for (const group of groups) held.add(keyOf(group, r.filters));
      }
      const elapsed = performance.now() - started;
      console.log(
        `round ${round + 1}, ${onlyMissing ? 'counting only the groups not held' : 'counting every group of a search'}: ${passes.toLocaleString('en-US')} passes, ${(elapsed / passes).toFixed(3)} ms a pass, ${(elapsed / asked.length).toFixed(3)} ms a search`,
      );
    }
    const started = performance.now();
    const distinct = [...new Set(asked)];
    for (const r of distinct) sink += snapshot.page(r.filters, r.sortBy, (r.page - 1) * r.limit, r.limit)?.length ?? 0;
    console.log(`round ${round + 1}, pages: ${((performance.now() - started) / distinct.length).toFixed(3)} ms a distinct search's page`);
  }
  // Catch-ups on the snapshot the pages left their sort orders in, each from the one before.
  const catchUps = (name: string, changesOf: (k: number) => ChangedRow[]) => {
    let held = snapshot;
    const times: number[] = [];
    for (let k = 0; k < 11; k += 1) {
      const changes = changesOf(k).sort((a, b) => Number(a.id) - Number(b.id));
      const started = performance.now();
      held = held.withChanges(held.version + 1, changes);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`catch-up, ${name}: median ${times[5].toFixed(1)} ms, fastest ${times[0].toFixed(1)} ms (of 11)`);
  };
  const at = (k: number) => rows[(k * 7919) % rows.length];
  catchUps("a seller's price edit", (k) => [{ ...at(k), price: Number(at(k).price) + 500, isPublic: 1 }]);
  catchUps('a listing approved and one sold', (k) => [
    { ...at(k), id: Number(rows[rows.length - 1].id) + 1 + k, isPublic: 1 },
    { ...at(k + 1), isPublic: 0 },
  ]);
  // About a live market's second: the rows move in as many runs as listings joined or left.
  catchUps('4 listings approved, 4 sold and 4 price edits', (k) =>
    [...new Map(Array.from({ length: 4 }, (_, j) => [
      { ...at(50 * k + 3 * j), id: Number(rows[rows.length - 1].id) + 1 + 50 * k + j, isPublic: 1 },
      { ...at(50 * k + 3 * j + 1), isPublic: 0 },
      { ...at(50 * k + 3 * j + 2), price: Number(at(50 * k + 3 * j + 2).price) + 500, isPublic: 1 },
    ]).flat().map((row) => [Number(row.id), row] as const)).values()],
  );
  if (sink < 0) console.log(sink);
}

main();
