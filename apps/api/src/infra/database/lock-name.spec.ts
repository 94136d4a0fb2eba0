import { databaseLockName } from './lock-name';

describe('databaseLockName', () => {
  it('names the purpose and the database, so databases sharing a server do not exclude each other', () => {
    expect(databaseLockName('carmarket', 'migrations')).toBe('carmarket:migrations:carmarket');
    expect(databaseLockName('cm_test_1_ab12cd34', 'analytics-rollup')).not.toBe(databaseLockName('cm_test_2_ab12cd34', 'analytics-rollup'));
    expect(databaseLockName('carmarket', 'analytics-rollup')).not.toBe(databaseLockName('carmarket', 'analytics-purge'));
  });

  it('stays within the 64 characters GET_LOCK accepts, distinct for distinct long names', () => {
    const long = 'x'.repeat(64);
    expect(databaseLockName(long, 'migrations').length).toBeLessThanOrEqual(64);
    expect(databaseLockName(long, 'saved-search-alerts').length).toBeLessThanOrEqual(64);
    expect(databaseLockName(long, 'migrations')).not.toBe(databaseLockName(`${long.slice(1)}y`, 'migrations'));
  });
});
