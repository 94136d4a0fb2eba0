import { addPhotos, fileProblem, movePhoto, removePhoto, screenFiles, setCover, skippedDescription, validCover } from './photo-list';
import { LISTING_LIMITS } from './limits';

const list = (coverPhotoIndex: number) => ({ images: ['a', 'b', 'c', 'd'], coverPhotoIndex });
const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('movePhoto (drag reordering)', () => {
  it('keeps the cover on the same photo when the cover itself moves', () => {
    expect(movePhoto(list(1), 1, 3)).toEqual({ images: ['a', 'c', 'd', 'b'], coverPhotoIndex: 3 });
  });

  it('keeps the cover on the same photo when a photo moves from before it to after it', () => {
    expect(movePhoto(list(2), 0, 3)).toEqual({ images: ['b', 'c', 'd', 'a'], coverPhotoIndex: 1 });
  });

  it('keeps the cover on the same photo when a photo moves from after it to before it', () => {
    expect(movePhoto(list(1), 3, 0)).toEqual({ images: ['d', 'a', 'b', 'c'], coverPhotoIndex: 2 });
  });

  it('leaves the cover alone when the move happens entirely after it', () => {
    expect(movePhoto(list(0), 2, 3)).toEqual({ images: ['a', 'b', 'd', 'c'], coverPhotoIndex: 0 });
  });

  it('ignores moves outside the list', () => {
    expect(movePhoto(list(0), 0, 9)).toEqual(list(0));
  });
});

describe('removePhoto', () => {
  it('shifts the cover index down when a photo before the cover goes', () => {
    expect(removePhoto(list(2), 0)).toEqual({ images: ['b', 'c', 'd'], coverPhotoIndex: 1 });
  });

  it('keeps the cover index when a photo after the cover goes', () => {
    expect(removePhoto(list(1), 3)).toEqual({ images: ['a', 'b', 'c'], coverPhotoIndex: 1 });
  });

  it('gives the cover back to the first photo when the cover goes', () => {
    expect(removePhoto(list(3), 3)).toEqual({ images: ['a', 'b', 'c'], coverPhotoIndex: 0 });
  });

  it('leaves cover 0 on an emptied list', () => {
    expect(removePhoto({ images: ['a'], coverPhotoIndex: 0 }, 0)).toEqual({ images: [], coverPhotoIndex: 0 });
  });
});

describe('setCover and addPhotos', () => {
  it('sets the cover only to an existing photo', () => {
    expect(setCover(list(0), 2).coverPhotoIndex).toBe(2);
    expect(setCover(list(0), 7).coverPhotoIndex).toBe(0);
  });

  it('never holds more than 10 photos', () => {
    const nine = { images: Array.from({ length: 9 }, (_, i) => `p${i}`), coverPhotoIndex: 4 };
    const next = addPhotos(nine, ['x', 'y', 'z']);
    expect(next.images).toHaveLength(10);
    expect(next.images[9]).toBe('x');
    expect(next.coverPhotoIndex).toBe(4);
  });
});

describe('screenFiles', () => {
  it('skips files that are not images or are over 10 MB, with the reason', () => {
    const result = screenFiles([file('a.jpg', 'image/jpeg'), file('notes.pdf', 'application/pdf'), file('big.png', 'image/png', 11 * 1024 * 1024)], 0);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg']);
    expect(result.invalid).toEqual([
      { name: 'notes.pdf', reason: 'File must be an image' },
      { name: 'big.png', reason: 'File size must be less than 10MB' },
    ]);
    expect(skippedDescription(result.invalid)).toBe('Skipped: notes.pdf (File must be an image), big.png (File size must be less than 10MB)');
  });

  it('accepts a file of exactly 10 MB', () => {
    expect(screenFiles([file('edge.jpg', 'image/jpeg', 10 * 1024 * 1024)], 0).accepted).toHaveLength(1);
  });

  it('uploads only as many files as there are free slots of the 10', () => {
    const files = ['1', '2', '3', '4'].map((n) => file(`${n}.jpg`, 'image/jpeg'));
    const result = screenFiles(files, 8);
    expect(result.accepted.map((f) => f.name)).toEqual(['1.jpg', '2.jpg']);
    expect(result.overLimit.map((f) => f.name)).toEqual(['3.jpg', '4.jpg']);
  });

  it('accepts nothing when the listing already has 10 photos', () => {
    expect(screenFiles([file('1.jpg', 'image/jpeg')], 10).accepted).toEqual([]);
  });
});

describe('one rule set for every form', () => {
  it('accepts exactly the size limit and refuses one byte more', () => {
    expect(fileProblem({ type: 'image/jpeg', size: LISTING_LIMITS.maxImageBytes })).toBeNull();
    expect(fileProblem({ type: 'image/jpeg', size: LISTING_LIMITS.maxImageBytes + 1 })).toBe('File size must be less than 10MB');
  });

  it('keeps an out-of-range cover from travelling with moves and removals', () => {
    expect(validCover(['a', 'b'], 5)).toBe(0);
    expect(movePhoto({ images: ['a', 'b', 'c'], coverPhotoIndex: 9 }, 2, 0)).toEqual({ images: ['c', 'a', 'b'], coverPhotoIndex: 1 });
    expect(removePhoto({ images: ['a', 'b', 'c'], coverPhotoIndex: 9 }, 1)).toEqual({ images: ['a', 'c'], coverPhotoIndex: 0 });
    expect(addPhotos({ images: [], coverPhotoIndex: 3 }, ['x'])).toEqual({ images: ['x'], coverPhotoIndex: 0 });
  });
});
