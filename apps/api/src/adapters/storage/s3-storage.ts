import {
  DeleteObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { immutableCacheControl, type ImageStorage } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, Ceph…); AWS itself when unset. */
  endpoint?: string | undefined;
  /** Both or neither; neither uses the SDK's default chain (environment, profile, instance role). */
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores want this). */
  forcePathStyle: boolean;
  /** Where browsers fetch objects from: a CDN or the bucket's public address, without a trailing slash. */
  publicUrl: string;
  /** Keys per listing page (S3's own maximum, 1000, unless a test asks for less). */
  listPageSize?: number;
}

/**
 * Images in an S3-compatible bucket. Objects are written with their type and a one-year immutable
 * cache policy (keys are content hashes) and are fetched by browsers from `publicUrl`.
 */
export const createS3Storage = (opts: S3StorageOptions): ImageStorage => {
  if (Boolean(opts.accessKeyId) !== Boolean(opts.secretAccessKey)) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  }
  const client = new S3Client({
    region: opts.region,
    endpoint: opts.endpoint,
    forcePathStyle: opts.forcePathStyle,
    credentials:
      opts.accessKeyId && opts.secretAccessKey
        ? { accessKeyId: opts.accessKeyId, secretAccessKey: opts.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: several S3-compatible stores reject the SDK's newer
    // default (CRC32 on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const publicUrl = opts.publicUrl.replace(/\/+$/, '');
  const urlOf = (key: string) => `${publicUrl}/${key}`;
  return {
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: opts.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          CacheControl: immutableCacheControl,
        }),
      );
      return { url: urlOf(key) };
    },
    async exists(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket: opts.bucket, Key: key }));
        return true;
      } catch (error) {
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return false;
        throw error;
      }
    },
    urlOf,
    async *list() {
      let continuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: opts.bucket,
            ContinuationToken: continuationToken,
            MaxKeys: opts.listPageSize ?? 1000,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
        }
        continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (continuationToken);
    },
    async delete(key) {
      // One key per call: DeleteObjects needs a checksum header that several S3-compatible stores
      // refuse, and the orphans a sweep finds are few.
      await client.send(new DeleteObjectCommand({ Bucket: opts.bucket, Key: key }));
    },
  };
};
