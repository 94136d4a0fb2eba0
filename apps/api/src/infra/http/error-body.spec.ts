import { HttpException, NotFoundException } from '@nestjs/common';
import { QueryFailedError } from 'typeorm';
import { DATABASE_UNAVAILABLE_MESSAGE, toErrorBody } from './error-body';
import { DependencyUnavailableException } from './unavailable';

/** An error as a driver throws it: a message with `code` (and `errno` for mysql2). */
function driverError(code: string, errno?: number): Error {
  return Object.assign(new Error(`${code}: failed`), { code, errno });
}

describe('toErrorBody: a dependency that is down is a 503 with Retry-After, never a 500', () => {
  const outage = { status: 503, body: { statusCode: 503, message: DATABASE_UNAVAILABLE_MESSAGE }, unexpected: false, retryAfter: 5 };

  it.each([
    ['mysql2: connection refused', driverError('ECONNREFUSED', -111)],
    ['mysql2: connection lost', driverError('PROTOCOL_CONNECTION_LOST')],
    ['mysql2: access denied (account revoked)', driverError('ER_ACCESS_DENIED_ERROR', 1045)],
    ['mysql2: no rights on the database', driverError('ER_DBACCESS_DENIED_ERROR', 1044)],
    ['mysql2: no rights on a table', driverError('ER_TABLEACCESS_DENIED_ERROR', 1142)],
    ['mysql2: too many connections', driverError('ER_CON_COUNT_ERROR', 1040)],
    ['MariaDB: account locked (errno 4151, no name in mysql2)', Object.assign(new Error('Access denied, this account is locked'), { errno: 4151 })],
    ['mysql2: timeout', driverError('ETIMEDOUT')],
    ['SQLite: busy', driverError('SQLITE_BUSY')],
    ['SQLite: cannot open', driverError('SQLITE_CANTOPEN')],
    ['SQLite: disk I/O error', driverError('SQLITE_IOERR_READ')],
    ['TypeORM: a driver error wrapped in QueryFailedError', new QueryFailedError('SELECT 1', [], driverError('ER_TABLEACCESS_DENIED_ERROR', 1142))],
    ['an error caused by one', new Error('lookup failed', { cause: driverError('ECONNRESET') })],
  ])('%s', (_name, error) => {
    expect(toErrorBody(error)).toEqual(outage);
  });

  it('keeps a fault in a query (a syntax error, a broken constraint) a logged 500', () => {
    expect(toErrorBody(driverError('ER_PARSE_ERROR', 1064))).toMatchObject({ status: 500, unexpected: true });
    expect(toErrorBody(driverError('SQLITE_CONSTRAINT_UNIQUE'))).toMatchObject({ status: 500, unexpected: true });
    expect(toErrorBody(new Error('boom'))).toMatchObject({ status: 500, unexpected: true });
  });

  it("answers a DependencyUnavailableException's own message and Retry-After, and leaves other HTTP errors alone", () => {
    expect(toErrorBody(new DependencyUnavailableException('The queue is full', 7))).toEqual({ status: 503, body: { statusCode: 503, message: 'The queue is full' }, unexpected: false, retryAfter: 7 });
    expect(toErrorBody(new NotFoundException('Vehicle not found'))).toEqual({ status: 404, body: { statusCode: 404, message: 'Vehicle not found' }, unexpected: false });
    expect(toErrorBody(new HttpException('Gone', 410)).retryAfter).toBeUndefined();
  });
});
