// A small PNG encoder: the simulator serves real images (avatars, thumbnails) without an image
// library. Pictures are flat shapes in a colour derived from their key.
import zlib from 'node:zlib';
import { Rng } from './data/random';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let k = n;
  for (let j = 0; j < 8; j++) k = k & 1 ? 0xedb88320 ^ (k >>> 1) : k >>> 1;
  return k >>> 0;
});

function crc32(buf: Buffer): number {
  let v = 0xffffffff;
  for (const b of buf) v = crcTable[(v ^ b) & 0xff]! ^ (v >>> 8);
  return (v ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, sum]);
}

/** Encodes RGBA pixels (row-major, 4 bytes each) as a PNG. */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    Buffer.from(rgba.buffer, rgba.byteOffset + y * width * 4, width * 4).copy(raw, y * (width * 4 + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cache = new Map<string, Buffer>();

/** A deterministic picture for a key: a coloured background with a lighter disc. */
export function pictureFor(key: string, width: number, height: number): Buffer {
  const cacheKey = `${key}@${width}x${height}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit;
  const rng = new Rng(`picture:${key}`);
  const hue = rng.next();
  const [r, g, b] = hslToRgb(hue, 0.55, 0.5);
  const [lr, lg, lb] = hslToRgb((hue + 0.08) % 1, 0.6, 0.78);
  const pixels = new Uint8Array(width * height * 4);
  const cx = width * rng.float(0.35, 0.65);
  const cy = height * rng.float(0.35, 0.65);
  const radius = Math.min(width, height) * rng.float(0.22, 0.38);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const inside = Math.max(0, Math.min(1, radius - Math.hypot(x + 0.5 - cx, y + 0.5 - cy)));
      const i = (y * width + x) * 4;
      pixels[i] = Math.round(r * (1 - inside) + lr * inside);
      pixels[i + 1] = Math.round(g * (1 - inside) + lg * inside);
      pixels[i + 2] = Math.round(b * (1 - inside) + lb * inside);
      pixels[i + 3] = 255;
    }
  }
  const png = encodePng(width, height, pixels);
  if (cache.size > 2000) cache.clear();
  cache.set(cacheKey, png);
  return png;
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    const a = s * Math.min(l, 1 - l);
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}
