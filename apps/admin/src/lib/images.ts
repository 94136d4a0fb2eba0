/**
 * The photo rules of the Edit Vehicle Details modal (SPEC.md section 4), as pure functions of the image
 * list and the cover index so the modal and its tests share them.
 */
export interface ImageSet {
  images: string[];
  coverPhotoIndex: number;
}

/** A cover index that points at a photo: 0 when it is out of range (or there are no photos). */
export function validCover(images: readonly string[], cover: number): number {
  return Number.isInteger(cover) && cover >= 0 && cover < images.length ? cover : 0;
}

/**
 * Removing a photo before the cover shifts the cover index down so it stays on the same photo;
 * removing the cover itself, or leaving the index out of range, resets it to 0 (the first photo).
 */
export function removeImage({ images, coverPhotoIndex }: ImageSet, index: number): ImageSet {
  if (index < 0 || index >= images.length) return { images, coverPhotoIndex };
  const next = images.filter((_, i) => i !== index);
  let cover = coverPhotoIndex;
  if (index < cover) cover -= 1;
  else if (index === cover) cover = 0;
  return { images: next, coverPhotoIndex: validCover(next, cover) };
}

/** Moves the photo at `from` to position `to`; the cover stays on the same photo. */
export function moveImage({ images, coverPhotoIndex }: ImageSet, from: number, to: number): ImageSet {
  if (from === to || from < 0 || to < 0 || from >= images.length || to >= images.length) return { images, coverPhotoIndex };
  const next = [...images];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved as string);
  const coverUrlIndex = validCover(images, coverPhotoIndex);
  let cover = coverUrlIndex;
  if (coverUrlIndex === from) cover = to;
  else if (from < coverUrlIndex && to >= coverUrlIndex) cover -= 1;
  else if (from > coverUrlIndex && to <= coverUrlIndex) cover += 1;
  return { images: next, coverPhotoIndex: cover };
}

/** Appends uploaded photos; the cover does not move. */
export function addImages({ images, coverPhotoIndex }: ImageSet, urls: readonly string[]): ImageSet {
  const next = [...images, ...urls];
  return { images: next, coverPhotoIndex: validCover(next, coverPhotoIndex) };
}

export function setCover({ images }: ImageSet, index: number): ImageSet {
  return { images, coverPhotoIndex: validCover(images, index) };
}
