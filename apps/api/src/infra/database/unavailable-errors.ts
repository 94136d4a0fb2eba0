/**
 * Which errors mean "the database cannot be reached or used right now" (an outage: refused or lost
 * connections, the app's account locked or its rights revoked, too many connections, a read-only failover,
 * SQLite's file locked, unreadable or on a failing disk), as opposed to a fault in a query. The global
 * filter answers them 503 with Retry-After (DECISIONS.md), not 500. Read from the error's `code` or `errno`,
 * on the error itself, on TypeORM's `driverError` or on a `cause`.
 */

/** mysql2's codes (and Node's socket codes it passes on). */
const MYSQL_CODES = new Set([
  // The server or the network.
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_OUT_OF_RESOURCES',
  'ER_HOST_IS_BLOCKED',
  'ER_HOST_NOT_PRIVILEGED',
  // The app's account: locked, or its rights taken away.
  'ER_ACCESS_DENIED_ERROR',
  'ER_DBACCESS_DENIED_ERROR',
  'ER_TABLEACCESS_DENIED_ERROR',
  'ER_COLUMNACCESS_DENIED_ERROR',
  'ER_ACCOUNT_HAS_BEEN_LOCKED',
  // A primary switched to read-only (failover under way).
  'ER_OPTION_PREVENTS_STATEMENT',
  'ER_READ_ONLY_MODE',
]);

/**
 * The same by number, for codes mysql2 names differently or not at all (MariaDB's own numbers): 1040 too many
 * connections, 1044/1045 access denied, 1053 shutdown, 1142/1143 command denied, 1203 too many user
 * connections, 1290 read-only, 1836 read-only mode, 1927 connection killed, 3118 (MySQL) and 4151 (MariaDB)
 * account locked, 2002/2003/2006/2013 client: cannot connect, server gone, connection lost.
 */
const MYSQL_ERRNOS = new Set([1040, 1044, 1045, 1053, 1142, 1143, 1203, 1290, 1836, 1927, 3118, 4151, 2002, 2003, 2006, 2013]);

/** better-sqlite3's codes, by prefix (SQLITE_BUSY_TIMEOUT, SQLITE_IOERR_READ…). */
const SQLITE_PREFIXES = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR', 'SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_PERM'];

/** TypeORM's own errors when it has no connection to give. */
const TYPEORM_NAMES = new Set(['ConnectionIsNotSetError', 'CannotExecuteNotConnectedError']);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  errno?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

/** True when `error` (or what it wraps) says the database is unreachable or unusable right now. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const e = error as ErrorLike;
  if (typeof e.name === 'string' && TYPEORM_NAMES.has(e.name)) return true;
  if (typeof e.code === 'string') {
    if (MYSQL_CODES.has(e.code)) return true;
    if (SQLITE_PREFIXES.some((prefix) => (e.code as string).startsWith(prefix))) return true;
  }
  if (typeof e.errno === 'number' && MYSQL_ERRNOS.has(e.errno) && !String(e.code ?? '').startsWith('SQLITE')) return true;
  return isDatabaseUnavailable(e.driverError, depth + 1) || isDatabaseUnavailable(e.cause, depth + 1);
}
