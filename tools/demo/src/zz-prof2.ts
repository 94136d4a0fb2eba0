import sharp from 'sharp';
import { renderCarPhoto, SHOOT_VIEWS } from './car-photo/car-photo';
sharp.concurrency(1);
(async () => {
  for (const [w, h] of [[1600, 1067], [1024, 683]]) {
    const t: Record<string, number> = {};
    const add = (k: string, v: number) => (t[k] = (t[k] ?? 0) + v);
    for (let i = 0; i < 6; i++) {
      const opts = { bodyType: ['sedan','suv','truck','coupe'][i%4]!, color: 'red', view: SHOOT_VIEWS[i]!, seed: i + 1, width: w, height: h };
      let s = performance.now();
      const raw = await renderCarPhoto(opts).raw().toBuffer({ resolveWithObject: true });
      add('raster', performance.now() - s);
      const px = () => sharp(raw.data, { raw: { width: raw.info.width, height: raw.info.height, channels: raw.info.channels } });
      for (const size of [1600, 1024, 640, 320]) {
        if (size > w) continue;
        const p = () => px().resize({ width: size, height: Math.round(size * 2 / 3), fit: 'fill' });
        s = performance.now(); await p().avif({ quality: 50, effort: 0 }).toBuffer(); add('avif' + size, performance.now() - s);
        s = performance.now(); await p().webp({ quality: 78, effort: 1 }).toBuffer(); add('webp' + size, performance.now() - s);
        s = performance.now(); await p().webp({ quality: 78, effort: 0 }).toBuffer(); add('webp0-' + size, performance.now() - s);
      }
      s = performance.now(); await px().resize({ width: 1200, height: 630, fit: 'cover', position: 'attention' }).jpeg({ quality: 80 }).toBuffer(); add('jpeg', performance.now() - s);
      s = performance.now(); await px().resize({ width: 1200, height: 630, fit: 'cover', position: 'centre' }).jpeg({ quality: 80 }).toBuffer(); add('jpeg-centre', performance.now() - s);
    }
    console.log(w, Object.fromEntries(Object.entries(t).map(([k, v]) => [k, Math.round(v / 6)])));
  }
})();
