/**
 * The Node the project needs is stated in three places a person or a machine reads: package.json `engines`
 * (npm), `.nvmrc` (nvm, CI) and the Dockerfile's base images. Each must name a Node that every installed
 * package accepts (its own `engines.node` in the lockfile), and they must agree with each other.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';

const ROOT = join(__dirname, '..', '..', '..');
const read = (file: string): string => readFileSync(join(ROOT, file), 'utf8');

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  os?: string[];
  cpu?: string[];
  optional?: boolean;
}

const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
const lock = (JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> }).packages;

/** The lowest Node of each `||` part of a range: `^22.22.3 || >=26` → 22.22.3, 26.0.0. */
function lowestOfEachPart(range: string): string[] {
  return new semver.Range(range).set.map((comparators) => semver.minVersion(comparators.map((c) => c.value).join(' '))!.version);
}

/** Installed packages that declare a Node range (packages for another OS or CPU are never installed here). */
function nodeRanges(): { name: string; range: string }[] {
  return Object.entries(lock).flatMap(([path, entry]) => {
    const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    if (!path || !range) return [];
    const otherPlatform = (entry.os && !entry.os.includes(process.platform)) || (entry.cpu && !entry.cpu.includes(process.arch));
    return otherPlatform ? [] : [{ name: `${path.replace(/^.*node_modules\//, '')}@${entry.version ?? '?'}`, range }];
  });
}

describe('the Node version the project needs', () => {
  it('is a range whose lowest versions every installed package accepts', () => {
    const floors = lowestOfEachPart(engines);
    expect(floors.length).toBeGreaterThan(0);
    const refused = floors.flatMap((floor) => nodeRanges().filter((p) => !semver.satisfies(floor, p.range)).map((p) => `${floor}: ${p.name} wants ${p.range}`));
    expect(refused).toEqual([]);
  });

  it('leaves out Node 20, which reached its end of life in April 2026', () => {
    expect(semver.intersects(engines, '20.x')).toBe(false);
  });

  it('is the major version .nvmrc names, whose newest release is inside the range', () => {
    const major = read('.nvmrc').trim();
    expect(major).toMatch(/^\d+$/);
    expect(semver.intersects(engines, `${major}.x`)).toBe(true);
    expect(semver.minVersion(engines)!.major).toBe(Number(major));
  });

  it("is the Dockerfile's base image for building and for running", () => {
    const images = [...read('Dockerfile').matchAll(/^FROM node:(\d+)\.(\d+)\S*/gm)].map((m) => `${m[1]}.${m[2]}.0`);
    expect(images).toHaveLength(2);
    // A minor's first release may be below the floor (22.22.0 < 22.22.3): the image tag moves to its newest patch.
    for (const image of images) expect(semver.intersects(engines, `~${image}`)).toBe(true);
  });
});
