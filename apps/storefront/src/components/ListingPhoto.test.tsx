import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { rgbaToThumbHash, thumbHashToRGBA } from 'thumbhash';
import { bandColours, ListingPhoto, placeholderImage } from './ListingPhoto';

describe('placeholderImage', () => {
  it("paints a photo's ThumbHash as a gradient of its top, middle and bottom colours: tens of bytes, so a page of 30 photos stays light", () => {
    const image = placeholderImage('/uploads/2026/11/4d5e3ff58fc048c90a0830715eab3d9c-WecNHYSHeHh_h4d6h2d4hpdwdAlH-1600x1067.webp');
    expect(image).toMatch(/^linear-gradient\(#[0-9a-f]{6},#[0-9a-f]{6},#[0-9a-f]{6}\)$/);
    // A daylight photo: a lighter sky above a darker road.
    const [top, , bottom] = [...image!.matchAll(/#([0-9a-f]{6})/g)].map((m) => parseInt(m[1]!.slice(0, 2), 16) + parseInt(m[1]!.slice(2, 4), 16) + parseInt(m[1]!.slice(4, 6), 16));
    expect(top).toBeGreaterThan(bottom!);
  });

  it("reads each third's colour from the hash's terms as the library's drawing of it averages (within 3 of 255 a channel)", () => {
    // Photo-like pictures: a sky, a car, a road, in landscape and portrait, some with a glare brighter than white.
    let seed = 7;
    const next = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
    let compared = 0;
    for (let picture = 0; picture < 60; picture += 1) {
      const [w, h] = picture % 3 === 0 ? [60, 90] : [100, 67];
      const rgba = new Uint8Array(w * h * 4);
      const sky = [next(), next(), next()].map((c) => 120 + c * 135);
      const ground = [next(), next(), next()].map((c) => c * 110);
      for (let y = 0; y < h; y += 1) {
        for (let x = 0; x < w; x += 1) {
          const t = y / h;
          const car = Math.abs(x - w / 2) < w / 4 && t > 0.4 && t < 0.7 ? next() * 255 : undefined;
          for (let c = 0; c < 3; c += 1) rgba[(y * w + x) * 4 + c] = car ?? sky[c]! * (1 - t) + ground[c]! * t;
          rgba[(y * w + x) * 4 + 3] = 255;
        }
      }
      const hash = rgbaToThumbHash(w, h, rgba);
      const drawn = thumbHashToRGBA(hash);
      const read = bandColours(hash).map((hex) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16)));
      [0, 1, 2].forEach((band) => {
        const from = Math.floor((band * drawn.h) / 3);
        const to = Math.max(from + 1, Math.floor(((band + 1) * drawn.h) / 3));
        const sum = [0, 0, 0];
        let clamped = false;
        for (let y = from; y < to; y += 1) {
          for (let x = 0; x < drawn.w; x += 1) for (let c = 0; c < 3; c += 1) {
            const v = drawn.rgba[(y * drawn.w + x) * 4 + c]!;
            sum[c]! += v;
            if (v === 0 || v === 255) clamped = true;
          }
        }
        // Where the drawing clamps pixels, its average is not the terms' (the third's colour is clamped once here).
        if (clamped) return;
        compared += 1;
        sum.forEach((total, c) => expect(Math.abs(total / ((to - from) * drawn.w) - read[band]![c]!)).toBeLessThanOrEqual(3));
      });
    }
    expect(compared).toBeGreaterThan(60);
  });

  it('paints nothing for a photo without a ThumbHash', () => {
    expect(placeholderImage('/uploads/2026/abc-card.webp')).toBeNull();
  });
});

describe('ListingPhoto on a page the server drew', () => {
  it('takes its placeholder away for a photo that loaded before the app took the page over (its load event went unheard)', async () => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const url = '/uploads/2026/11/4d5e3ff58fc048c90a0830715eab3d9c-WecNHYSHeHh_h4d6h2d4hpdwdAlH-1600x1067.webp';
    const onLoad = jest.fn();
    const photo = <ListingPhoto url={url} sizes="100vw" alt="" onLoad={onLoad} />;
    const container = document.createElement('div');
    container.innerHTML = renderToString(photo);
    document.body.append(container);
    const img = container.querySelector('img')!;
    expect(img.style.backgroundImage).toMatch(/^linear-gradient\(/);
    // The browser has the file already: the page's load event came before the app's scripts.
    Object.defineProperty(img, 'complete', { value: true });
    Object.defineProperty(img, 'naturalWidth', { value: 1024 });
    await act(async () => {
      hydrateRoot(container, photo);
    });
    expect(container.querySelector('img')).toBe(img);
    expect(img.style.backgroundImage).toBe('');
    expect(onLoad).toHaveBeenCalledTimes(1);
    container.remove();
  });
});
