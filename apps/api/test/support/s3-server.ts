import { DeleteBucketCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** An S3-compatible server (s3rver) on a free loopback port, with one bucket, for a test file. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the API at this bucket. */
  env: Record<string, string>;
  keys(): Promise<string[]>;
  exists(key: string): Promise<boolean>;
  removeBucket(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'photos'): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), 'cm-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    keys: async () => ((await client.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort(),
    exists: async (key) =>
      client.send(new HeadObjectCommand({ Bucket: bucket, Key: key })).then(
        () => true,
        () => false,
      ),
    removeBucket: async () => {
      await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    },
    close: async () => {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
