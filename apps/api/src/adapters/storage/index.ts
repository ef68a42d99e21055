import type { Config } from '../../config.ts';
import { createDiskStorage } from './disk-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import type { ImageStorage } from './storage.ts';

export type { ImageStorage } from './storage.ts';

/** The image storage the configuration asks for: local disk (default) or an S3-compatible bucket. */
export const createStorage = (config: Config): ImageStorage =>
  config.storage.kind === 's3' ? createS3Storage(config.storage) : createDiskStorage(config.uploadsDir);
