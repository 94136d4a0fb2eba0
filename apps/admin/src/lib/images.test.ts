import { addImages, moveImage, removeImage, setCover, validCover } from './images';

const photos = ['/uploads/a.webp', '/uploads/b.webp', '/uploads/c.webp', '/uploads/d.webp'];

describe('photo rules of the edit modal', () => {
  it('removing a photo before the cover shifts the cover so it stays on the same photo', () => {
    const next = removeImage({ images: photos, coverPhotoIndex: 2 }, 0);
    expect(next.images).toEqual(['/uploads/b.webp', '/uploads/c.webp', '/uploads/d.webp']);
    expect(next.coverPhotoIndex).toBe(1);
    expect(next.images[next.coverPhotoIndex]).toBe('/uploads/c.webp');
  });

  it('removing a photo after the cover keeps the cover index', () => {
    expect(removeImage({ images: photos, coverPhotoIndex: 1 }, 3)).toEqual({ images: photos.slice(0, 3), coverPhotoIndex: 1 });
  });

  it('removing the cover makes the first photo the cover', () => {
    expect(removeImage({ images: photos, coverPhotoIndex: 2 }, 2).coverPhotoIndex).toBe(0);
  });

  it('resets a cover index that is out of range to 0', () => {
    expect(removeImage({ images: photos, coverPhotoIndex: 9 }, 1).coverPhotoIndex).toBe(0);
    expect(removeImage({ images: ['/uploads/a.webp'], coverPhotoIndex: 0 }, 0)).toEqual({ images: [], coverPhotoIndex: 0 });
    expect(validCover(photos, -1)).toBe(0);
    expect(validCover(photos, 3)).toBe(3);
  });

  it('reordering keeps the cover on the same photo', () => {
    const coverMoved = moveImage({ images: photos, coverPhotoIndex: 1 }, 1, 3);
    expect(coverMoved.images).toEqual(['/uploads/a.webp', '/uploads/c.webp', '/uploads/d.webp', '/uploads/b.webp']);
    expect(coverMoved.images[coverMoved.coverPhotoIndex]).toBe('/uploads/b.webp');

    const before = moveImage({ images: photos, coverPhotoIndex: 2 }, 0, 3);
    expect(before.images[before.coverPhotoIndex]).toBe('/uploads/c.webp');
    const after = moveImage({ images: photos, coverPhotoIndex: 1 }, 3, 0);
    expect(after.images[after.coverPhotoIndex]).toBe('/uploads/b.webp');
    const untouched = moveImage({ images: photos, coverPhotoIndex: 0 }, 2, 3);
    expect(untouched.images[untouched.coverPhotoIndex]).toBe('/uploads/a.webp');
  });

  it('ignores moves outside the list', () => {
    expect(moveImage({ images: photos, coverPhotoIndex: 1 }, 0, 4)).toEqual({ images: photos, coverPhotoIndex: 1 });
  });

  it('appends uploads without moving the cover, and sets the cover only to an existing photo', () => {
    expect(addImages({ images: photos.slice(0, 2), coverPhotoIndex: 1 }, ['/uploads/x.webp'])).toEqual({
      images: ['/uploads/a.webp', '/uploads/b.webp', '/uploads/x.webp'],
      coverPhotoIndex: 1,
    });
    expect(setCover({ images: photos, coverPhotoIndex: 0 }, 3).coverPhotoIndex).toBe(3);
    expect(setCover({ images: photos, coverPhotoIndex: 2 }, 7).coverPhotoIndex).toBe(0);
  });
});
