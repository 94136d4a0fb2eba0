import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Keyword search on a full-text index (modules/vehicles/search/keyword-match.ts): on SQLite the FTS5 table
 * vehicles_fts, contentless (the words are vehicles.searchText; rowid = vehicles.id) and written by the
 * listing writer; on MariaDB/MySQL a FULLTEXT index on vehicles.searchText. Names must equal KEYWORD_TABLE
 * and the entity's IDX_vehicles_keywords: migrations import no live code.
 */
export class KeywordIndex1796700000005 implements MigrationInterface {
  name = 'KeywordIndex1796700000005';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === 'better-sqlite3') {
      // Tokens are runs of letters and digits, accents folded; prefix indexes of 2 and 3 letters answer
      // the first letters a buyer types without merging every word that starts with them.
      await queryRunner.query(
        `CREATE VIRTUAL TABLE vehicles_fts USING fts5(searchText, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='2 3')`,
      );
      await queryRunner.query('INSERT INTO vehicles_fts (rowid, searchText) SELECT id, searchText FROM vehicles WHERE searchText IS NOT NULL');
    } else {
      await queryRunner.query('ALTER TABLE vehicles ADD FULLTEXT INDEX IDX_vehicles_keywords (searchText)');
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.driver.options.type === 'better-sqlite3') await queryRunner.query('DROP TABLE vehicles_fts');
    else await queryRunner.query('ALTER TABLE vehicles DROP INDEX IDX_vehicles_keywords');
  }
}
