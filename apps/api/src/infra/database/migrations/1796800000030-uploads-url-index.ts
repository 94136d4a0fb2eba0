import { MigrationInterface, QueryRunner, TableIndex } from 'typeorm';

/**
 * uploads.url indexed (issue 27): a listing uses only photos its owner uploaded, so every listing write that
 * adds photos asks the uploads record who uploaded each one, by URL. Existing uploads keep their uploader.
 */
export class UploadsUrlIndex1796800000030 implements MigrationInterface {
  name = 'UploadsUrlIndex1796800000030';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('uploads', new TableIndex({ name: 'IDX_uploads_url', columnNames: ['url'] }));
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('uploads', 'IDX_uploads_url');
  }
}
