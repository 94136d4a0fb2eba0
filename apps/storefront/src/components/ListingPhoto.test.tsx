import { placeholderImage } from './ListingPhoto';

/** The width and height a PNG data URL declares (its IHDR chunk). */
function pngSize(dataUrl: string): [number, number] {
  const bytes = Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  const view = new DataView(bytes.buffer);
  return [view.getUint32(16), view.getUint32(20)];
}

describe('placeholderImage', () => {
  it("paints a photo's ThumbHash as a small PNG: half the decoded size, about 1 KB, so a page of 30 photos stays light", () => {
    const image = placeholderImage('/uploads/2026/11/4d5e3ff58fc048c90a0830715eab3d9c-WecNHYSHeHh_h4d6h2d4hpdwdAlH-1600x1067.webp');
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(pngSize(image ?? '')).toEqual([16, 11]);
    expect(image!.length).toBeLessThan(1_500);
  });

  it('paints nothing for a photo without a ThumbHash', () => {
    expect(placeholderImage('/uploads/2026/abc-card.webp')).toBeNull();
  });
});
