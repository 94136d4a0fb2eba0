import { cardImageUrl, imageVariantUrls, photoFiles, photoPlaceholder, photoSizes, photoSrcSet, sizedPhoto, sizedPhotoStem, socialImageOf, thumbnailImageUrl } from './image-urls';

const STEM = '/uploads/2026/11/0123456789abcdef0123456789abcdef-3OcRJYB4d3h_iIeHeEh3eIhw-1600x1067';
const SIZED = `${STEM}.webp`;

describe('sized photo names', () => {
  it('reads the size and placeholder a sized photo URL carries, and nothing from other URLs', () => {
    expect(sizedPhoto(SIZED)).toEqual({ stem: STEM, width: 1600, height: 1067, placeholder: '3OcRJYB4d3h_iIeHeEh3eIhw' });
    expect(sizedPhotoStem('2026/11/0123456789abcdef0123456789abcdef', '3OcRJYB4d3h_iIeHeEh3eIhw', 1600, 1067)).toBe(STEM.slice('/uploads/'.length));
    // A placeholder may hold '-' and '_' (base64url): the size is always the last part.
    expect(sizedPhoto('/uploads/2026/11/0123456789abcdef0123456789abcdef-a-b_c-12x3-640x480.webp')).toMatchObject({ placeholder: 'a-b_c-12x3', width: 640, height: 480 });
    for (const other of [
      '/uploads/2026/11/0123456789abcdef0123456789abcdef.webp', // an older upload
      `${STEM}-640.webp`, // one of its files, not the photo
      `${STEM}.avif`,
      '/uploads/2026/11/0123456789abcdef0123456789abcdef-3OcRJYB4d3h_iIeHeEh3eIhw-4096x2731.webp', // over the largest size
      'https://images.example.com/car.jpg',
    ]) {
      expect(sizedPhoto(other)).toBeNull();
    }
  });

  it('keeps each long side under the photo\'s own, then the photo\'s size, never enlarging', () => {
    expect(photoSizes(1600, 1067)).toEqual([
      { longSide: 320, width: 320, height: 213 },
      { longSide: 640, width: 640, height: 427 },
      { longSide: 1024, width: 1024, height: 683 },
      { longSide: 1600, width: 1600, height: 1067 },
    ]);
    expect(photoSizes(2048, 1365).map((s) => s.longSide)).toEqual([320, 640, 1024, 1600, 2048]);
    expect(photoSizes(200, 300)).toEqual([{ longSide: 300, width: 200, height: 300 }]);
    expect(photoSizes(300, 450).map((s) => s.longSide)).toEqual([320, 450]);
    expect(photoSizes(853, 1280)[1]).toEqual({ longSide: 640, width: 427, height: 640 });
  });

  it('names every file of a photo: the largest WebP first, each size as WebP and AVIF, the social JPEG', () => {
    expect(photoFiles(1600, 1067).map((f) => `${f.suffix} ${f.contentType} ${f.width}x${f.height}`)).toEqual([
      '.webp image/webp 1600x1067',
      '.avif image/avif 1600x1067',
      '-1024.webp image/webp 1024x683',
      '-1024.avif image/avif 1024x683',
      '-640.webp image/webp 640x427',
      '-640.avif image/avif 640x427',
      '-320.webp image/webp 320x213',
      '-320.avif image/avif 320x213',
      '-social.jpg image/jpeg 1200x630',
    ]);
    expect(imageVariantUrls(SIZED)).toHaveLength(9);
    expect(imageVariantUrls(SIZED)[0]).toBe(SIZED);
  });

  it('describes each format\'s files for srcset with their real widths', () => {
    expect(photoSrcSet(SIZED, 'avif')).toBe(`${STEM}-320.avif 320w, ${STEM}-640.avif 640w, ${STEM}-1024.avif 1024w, ${STEM}.avif 1600w`);
    expect(photoSrcSet(SIZED)).toBe(`${STEM}-320.webp 320w, ${STEM}-640.webp 640w, ${STEM}-1024.webp 1024w, ${STEM}.webp 1600w`);
    expect(cardImageUrl(SIZED)).toBe(`${STEM}-640.webp`);
    expect(thumbnailImageUrl(SIZED)).toBe(`${STEM}-320.webp`);
    expect(photoPlaceholder(SIZED)).toBe('3OcRJYB4d3h_iIeHeEh3eIhw');
    expect(socialImageOf(SIZED)).toEqual({ url: `${STEM}-social.jpg`, width: 1200, height: 630, type: 'image/jpeg' });
  });

  it('keeps older uploads on their two WebP files, and hosted images as they are', () => {
    const old = '/uploads/2026/05/0123456789abcdef0123456789abcdef.webp';
    expect(cardImageUrl(old)).toBe('/uploads/2026/05/0123456789abcdef0123456789abcdef-card.webp');
    expect(thumbnailImageUrl(old)).toBe(cardImageUrl(old));
    expect(imageVariantUrls(old)).toEqual([old, cardImageUrl(old)]);
    expect(photoSrcSet(old)).toBe(`${cardImageUrl(old)} 640w, ${old} 2048w`);
    expect(photoSrcSet(old, 'avif')).toBeUndefined();
    expect(photoPlaceholder(old)).toBeNull();
    expect(socialImageOf(old)).toEqual({ url: cardImageUrl(old) });

    const hosted = 'https://images.example.com/car.jpg';
    expect([cardImageUrl(hosted), photoSrcSet(hosted), imageVariantUrls(hosted)]).toEqual([hosted, undefined, [hosted]]);
  });
});
