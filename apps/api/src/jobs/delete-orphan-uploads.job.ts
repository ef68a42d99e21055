import type { StoredObject } from '../adapters/storage/storage.ts';
import { mainKey } from '../modules/uploads/index.ts';
import { findReferencedImageUrls, referencedImageUrls } from './jobs.repository.ts';
import { every, hourMs, type JobDefinition, type JobDeps } from './job.ts';

/**
 * How old an unreferenced picture must be before it is deleted. A picture is uploaded before the
 * listing or profile that uses it is saved (the form uploads first, then sends the image id), so a
 * young one is most likely about to be used.
 */
export const orphanUploadGraceMs = 24 * hourMs;
/** Candidates checked against the database again, and deleted, together. */
const batchSize = 100;

/** `ab/<id>.webp` or `ab/<id>-<width>.webp`, the only keys this job touches (images.service.ts). */
const imageKeyPattern = /^([0-9a-f]{2})\/([0-9a-f]{64})(?:-\d+)?\.webp$/;
/** The image id at the end of a stored URL, whatever storage (disk path, bucket or CDN) made it. */
const urlIdPattern = /([0-9a-f]{64})(?:-\d+)?\.webp(?:[?#].*)?$/;

/**
 * The ids of every referenced picture, as the first 64 bits of each, sorted: 8 bytes an image
 * instead of a string, so a catalogue of millions fits easily. Two ids sharing 64 bits make an
 * orphan look referenced (it is kept), never the reverse.
 */
const imageIdSet = (prefixes: bigint[]) => {
  const sorted = BigUint64Array.from(prefixes).sort();
  return {
    size: sorted.length,
    has(id: string) {
      const wanted = BigInt(`0x${id.slice(0, 16)}`);
      let low = 0;
      let high = sorted.length - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const value = sorted[middle]!;
        if (value === wanted) return true;
        if (value < wanted) low = middle + 1;
        else high = middle - 1;
      }
      return false;
    },
  };
};

const loadReferencedIds = async (db: JobDeps['db']) => {
  const prefixes: bigint[] = [];
  for await (const urls of referencedImageUrls(db)) {
    for (const url of urls) {
      const id = urlIdPattern.exec(url)?.[1];
      if (id) prefixes.push(BigInt(`0x${id.slice(0, 16)}`));
    }
  }
  return imageIdSet(prefixes);
};

interface ImageGroup {
  id: string;
  /** The main copy first: once it is gone no new listing can name the id (imageUrlForId). */
  keys: string[];
  newest: Date;
}

/** Stored objects grouped by picture (a listing yields a picture's copies together), other keys skipped. */
async function* imageGroups(objects: AsyncIterable<StoredObject>): AsyncGenerator<ImageGroup> {
  let group: ImageGroup | undefined;
  for await (const object of objects) {
    const match = imageKeyPattern.exec(object.key);
    if (!match || !match[2]!.startsWith(match[1]!)) continue;
    const id = match[2]!;
    if (group && group.id !== id) {
      yield group;
      group = undefined;
    }
    group ??= { id, keys: [], newest: object.modifiedAt };
    if (object.key === mainKey(id)) group.keys.unshift(object.key);
    else group.keys.push(object.key);
    if (object.modifiedAt > group.newest) group.newest = object.modifiedAt;
  }
  if (group) yield group;
}

/**
 * Deletes stored pictures no row points at (a profile photo replaced, a listing form abandoned
 * after its upload) once they are older than the grace period. A referenced picture and a young
 * one are never deleted; each candidate is checked against the database once more right before.
 */
export const deleteOrphanUploads: JobDefinition = {
  name: 'delete-orphan-uploads',
  every: every.hourAt(37),
  timeLimitSeconds: 900,
  async run({ db, storage, now }, { signal }) {
    const cutoff = now().getTime() - orphanUploadGraceMs;
    const referenced = await loadReferencedIds(db);
    const counts = { images: 0, referenced: 0, young: 0, deleted: 0, deletedFiles: 0 };
    let candidates: ImageGroup[] = [];

    const deleteCandidates = async () => {
      const urls = new Map(candidates.map((group) => [storage.urlOf(mainKey(group.id)), group]));
      const usedNow = await findReferencedImageUrls(db, [...urls.keys()]);
      for (const [url, group] of urls) {
        if (usedNow.has(url)) {
          counts.referenced += 1;
          continue;
        }
        for (const key of group.keys) {
          await storage.delete(key);
          counts.deletedFiles += 1;
        }
        counts.deleted += 1;
      }
      candidates = [];
    };

    for await (const group of imageGroups(storage.list())) {
      if (signal.aborted) break;
      counts.images += 1;
      if (referenced.has(group.id)) counts.referenced += 1;
      else if (group.newest.getTime() > cutoff) counts.young += 1;
      else candidates.push(group);
      if (candidates.length >= batchSize) await deleteCandidates();
    }
    if (candidates.length > 0 && !signal.aborted) await deleteCandidates();
    return counts;
  },
};
