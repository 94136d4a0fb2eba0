import { MigrationInterface, QueryRunner, TableColumn } from 'typeorm';
import { columnsFor } from './schema-helpers';

/**
 * users.emailVerifiedAt: when the account's address was proven (its verification link, a reset link or an
 * e-mail-change link followed); null until then, and an unverified address gets account mail only. Accounts
 * that exist already count as verified from their creation: they were made under the old rules, have been
 * getting their alerts and notices, and stopping those for every current customer would be the wrong cure
 * (new accounts, the attack the rule is for, start unverified).
 */
export class EmailVerified1796727000000 implements MigrationInterface {
  name = 'EmailVerified1796727000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { column: c } = columnsFor(queryRunner);
    await queryRunner.addColumn('users', new TableColumn(c('emailVerifiedAt', { type: 'datetime', isNullable: true })));
    // `updatedAt = updatedAt` keeps MySQL's ON UPDATE from stamping every account as changed now.
    await queryRunner.query('UPDATE users SET emailVerifiedAt = createdAt, updatedAt = updatedAt');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('users', 'emailVerifiedAt');
  }
}
