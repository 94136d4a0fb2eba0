import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import { UPLOADS_PATH_PREFIX } from '@app/shared';
import { assertStorageKey, isStorageUrl, STORAGE_KEY, type ObjectStorage, type StoredObject } from './object-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, s3rver…); undefined: AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Where browsers fetch the objects (CDN or bucket URL, ending in /); undefined: the API streams them. */
  publicUrl?: string;
}

/**
 * Photos in an S3-compatible bucket, shared by every API instance. The URLs it issues are the same
 * `/uploads/<key>` as the local disk's (listings keep the same rules and survive a move between drivers or
 * CDNs); `GET /uploads/<key>` redirects to the public URL (CDN) when one is configured, or streams the object.
 */
export class S3Storage implements ObjectStorage {
  private readonly logger = new Logger(S3Storage.name);
  private readonly client: S3Client;

  constructor(readonly settings: S3Settings) {
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: settings.forcePathStyle,
      credentials: settings.credentials,
      maxAttempts: 3,
    });
  }

  async put(key: string, body: Buffer, contentType: string): Promise<string> {
    assertStorageKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.settings.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        CacheControl: 'public, max-age=31536000, immutable',
      }),
    );
    return UPLOADS_PATH_PREFIX + key;
  }

  async delete(url: string): Promise<void> {
    if (!this.owns(url)) return;
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.settings.bucket, Key: url.slice(UPLOADS_PATH_PREFIX.length) }));
    } catch (error) {
      this.logger.warn(`Could not delete ${url}: ${(error as Error).message}`);
    }
  }

  owns(url: string): boolean {
    return isStorageUrl(url);
  }

  /** A bucket has no disk of ours to fill. */
  async freeBytes(): Promise<null> {
    return null;
  }

  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.settings.bucket }));
  }

  publicUrlOf(key: string): string | undefined {
    return this.settings.publicUrl === undefined ? undefined : this.settings.publicUrl + key;
  }

  async read(key: string): Promise<StoredObject | null> {
    if (!STORAGE_KEY.test(key) || key.includes('..')) return null;
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.settings.bucket, Key: key }));
      return { body: object.Body as Readable, contentType: object.ContentType ?? 'application/octet-stream', length: object.ContentLength };
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
      throw error;
    }
  }

  /** Closes the client's sockets when the app stops. */
  onApplicationShutdown(): void {
    this.client.destroy();
  }
}
