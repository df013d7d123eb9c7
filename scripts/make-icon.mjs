// Draws resources/icon.png (Scout's ring mark, 512×512) with no image library: a few lines of
// PNG encoding are enough for a flat, anti-aliased shape. Run again only to change the icon.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './lib.mjs';

const size = 512;
const accent = [53, 86, 216];
const pixels = Buffer.alloc(size * (size * 4 + 1));
const c = size / 2;
const coverage = (d, inner, outer) => Math.max(0, Math.min(1, outer - d)) * Math.max(0, Math.min(1, d - inner));
for (let y = 0; y < size; y++) {
  pixels[y * (size * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < size; x++) {
    const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
    // A rounded tile, an outer ring and a centre dot.
    const tile = Math.max(0, Math.min(1, 232 - d * 0.92));
    const mark = Math.max(coverage(d, 150, 186), coverage(d, -1, 62));
    const i = y * (size * 4 + 1) + 1 + x * 4;
    const mix = (bg, fg) => Math.round(bg * (1 - mark) + fg * mark);
    pixels[i] = mix(accent[0], 255);
    pixels[i + 1] = mix(accent[1], 255);
    pixels[i + 2] = mix(accent[2], 255);
    pixels[i + 3] = Math.round(255 * tile);
  }
}
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let k = n;
  for (let j = 0; j < 8; j++) k = k & 1 ? 0xedb88320 ^ (k >>> 1) : k >>> 1;
  return k >>> 0;
});
const crc = (buf) => {
  let v = 0xffffffff;
  for (const b of buf) v = crcTable[(v ^ b) & 0xff] ^ (v >>> 8);
  return (v ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([len, body, sum]);
};
const header = Buffer.alloc(13);
header.writeUInt32BE(size, 0);
header.writeUInt32BE(size, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  chunk('IHDR', header),
  chunk('IDAT', zlib.deflateSync(pixels, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
fs.mkdirSync(path.join(root, 'resources'), { recursive: true });
fs.writeFileSync(path.join(root, 'resources/icon.png'), png);
// The same mark is the page's favicon (the renderer build copies public/ beside index.html).
fs.mkdirSync(path.join(root, 'src/renderer/public'), { recursive: true });
fs.writeFileSync(path.join(root, 'src/renderer/public/favicon.png'), png);
console.log(`resources/icon.png and src/renderer/public/favicon.png: ${png.length} bytes`);
