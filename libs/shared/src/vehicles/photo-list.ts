import { LISTING_LIMITS } from './limits';

/**
 * The photo rules of a listing (SPEC.md sections 4, 5 and 9), one set for the storefront's listing form, the
 * admin console's edit modal and the API: at most `maxImages` photos, images only, at most `maxImageBytes`
 * each (exactly the limit is accepted), and a cover index that always points at a photo. Pure functions of
 * the image URLs in order plus the cover index, the listing's own field names.
 */
export interface PhotoList {
  images: string[];
  coverPhotoIndex: number;
}

/** A cover index that points at a photo: 0 when it is out of range (or there are no photos). */
export function validCover(images: readonly string[], cover: number): number {
  return Number.isInteger(cover) && cover >= 0 && cover < images.length ? cover : 0;
}

/** Moves the photo at `from` to `to`; the cover stays on the same photo. */
export function movePhoto(list: PhotoList, from: number, to: number): PhotoList {
  const { images } = list;
  if (from === to || from < 0 || to < 0 || from >= images.length || to >= images.length) return list;
  const next = images.slice();
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as string);
  const cover = validCover(images, list.coverPhotoIndex);
  let nextCover = cover;
  if (cover === from) nextCover = to;
  else if (from < cover && to >= cover) nextCover = cover - 1;
  else if (from > cover && to <= cover) nextCover = cover + 1;
  return { images: next, coverPhotoIndex: nextCover };
}

/**
 * Removes the photo at `index`. Removing a photo before the cover shifts the cover index down by one, so the
 * cover stays on the same photo; removing the cover itself gives the cover back to the first photo.
 */
export function removePhoto(list: PhotoList, index: number): PhotoList {
  const { images } = list;
  if (index < 0 || index >= images.length) return list;
  const next = images.filter((_, i) => i !== index);
  const cover = validCover(images, list.coverPhotoIndex);
  const nextCover = index === cover ? 0 : index < cover ? cover - 1 : cover;
  return { images: next, coverPhotoIndex: validCover(next, nextCover) };
}

/** Makes the photo at `index` the cover; an index outside the list changes nothing. */
export function setCover(list: PhotoList, index: number): PhotoList {
  return index >= 0 && index < list.images.length ? { ...list, coverPhotoIndex: index } : list;
}

/** Appends uploaded photos, never past the photo limit; the cover does not move. */
export function addPhotos(list: PhotoList, urls: readonly string[]): PhotoList {
  const images = [...list.images, ...urls.slice(0, freeSlots(list.images.length))];
  return { images, coverPhotoIndex: validCover(images, list.coverPhotoIndex) };
}

export function freeSlots(count: number, max: number = LISTING_LIMITS.maxImages): number {
  return Math.max(0, max - count);
}

export interface SkippedFile {
  name: string;
  reason: string;
}

export interface FileScreening<F> {
  /** Valid files that fit in the free slots, in the order chosen. */
  accepted: F[];
  /** Files that are not images or too large, with the reason. */
  invalid: SkippedFile[];
  /** Valid files left out because the listing would pass the photo limit. */
  overLimit: F[];
}

export const FILE_MUST_BE_IMAGE = 'File must be an image';
export const FILE_TOO_LARGE = `File size must be less than ${LISTING_LIMITS.maxImageBytes / (1024 * 1024)}MB`;

/** Why a chosen file cannot be uploaded, or null when it can (a file of exactly the size limit can). */
export function fileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return FILE_MUST_BE_IMAGE;
  if (file.size > LISTING_LIMITS.maxImageBytes) return FILE_TOO_LARGE;
  return null;
}

/** Checks each chosen file and keeps only as many valid ones as there are free slots. */
export function screenFiles<F extends { name: string; type: string; size: number }>(files: readonly F[], currentCount: number): FileScreening<F> {
  const invalid: SkippedFile[] = [];
  const valid: F[] = [];
  for (const file of files) {
    const problem = fileProblem(file);
    if (problem) invalid.push({ name: file.name, reason: problem });
    else valid.push(file);
  }
  const free = freeSlots(currentCount);
  return { accepted: valid.slice(0, free), invalid, overLimit: valid.slice(free) };
}

/** The 'Invalid files' toast text: "Skipped: a.pdf (File must be an image), b.jpg (File size must be less than 10MB)". */
export function skippedDescription(skipped: readonly SkippedFile[]): string {
  return `Skipped: ${skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}`;
}
