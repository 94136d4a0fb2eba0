/**
 * SQL functions SQLite lacks and the app's queries use, registered on every SQLite connection.
 *
 * REGEXP: SQLite parses `X REGEXP Y` as regexp(Y, X) but defines no such function. Here it is JavaScript's
 * Unicode regular expression, case-insensitive as MariaDB's under its _ci collation; each pattern is compiled
 * once (a bounded cache: patterns are built from what buyers type).
 */
const compiled = new Map<string, RegExp>();
const MAX_COMPILED = 500;

export function regexp(pattern: string, text: unknown): 0 | 1 {
  if (typeof text !== 'string') return 0;
  let re = compiled.get(pattern);
  if (!re) {
    if (compiled.size >= MAX_COMPILED) compiled.clear();
    re = new RegExp(pattern, 'iu');
    compiled.set(pattern, re);
  }
  return re.test(text) ? 1 : 0;
}

interface SqliteConnection {
  function(name: string, options: { deterministic: boolean }, fn: (...args: never[]) => unknown): unknown;
}

/** The functions registered, by name: each exists on the app's connection only. */
const FUNCTIONS = { regexp } as const;

export function registerSqliteFunctions(conn: SqliteConnection): void {
  for (const [name, fn] of Object.entries(FUNCTIONS)) conn.function(name, { deterministic: true }, fn as (...args: never[]) => unknown);
}

const CALLS = new RegExp(`\\b(${Object.keys(FUNCTIONS).join('|')})\\b`, 'i');

/** Whether a statement calls one of the functions registered here (`X REGEXP Y` calls regexp), so needs the app's connection. */
export function usesAppFunctions(sql: string): boolean {
  return CALLS.test(sql);
}
