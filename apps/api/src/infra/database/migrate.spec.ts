import { migrationLockName } from './migrate';

describe('migrationLockName', () => {
  it('names the database, so databases sharing a server do not wait for each other', () => {
    expect(migrationLockName('carmarket')).toBe('carmarket:migrations:carmarket');
    expect(migrationLockName('cm_test_1_ab12cd34')).not.toBe(migrationLockName('cm_test_2_ab12cd34'));
  });

  it('stays within the 64 characters GET_LOCK accepts, distinct for distinct long names', () => {
    const long = 'x'.repeat(64);
    expect(migrationLockName(long)).toHaveLength(61);
    expect(migrationLockName(long)).not.toBe(migrationLockName(`${long.slice(1)}y`));
  });
});
