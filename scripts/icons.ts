// The app icon: resources/icon.svg rendered to every size the installers use, and the Windows
// (.ico) and macOS (.icns) containers around those renders. `npm run icons` (renderIcons.ts)
// writes the files; test/scripts/icons.test.ts checks that the committed ones are what this gives.
import { Resvg } from '@resvg/resvg-js';
import { inflateSync } from 'node:zlib';

export const ICON_SVG = 'resources/icon.svg';
/** electron-builder's source for macOS and Linux when no icon set is found; 1024 px. */
export const ICON_PNG = 'resources/icon.png';
export const ICON_PNG_SIZE = 1024;
/** The Linux icon set (hicolor sizes), resources/icons/<N>x<N>.png. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512] as const;
export const ICON_ICO = 'resources/icon.ico';
export const ICO_SIZES = [16, 24, 32, 48, 64, 128, 256] as const;
export const ICON_ICNS = 'resources/icon.icns';
/** macOS icon types that hold a PNG, with their size in pixels (the @2x types double it). */
export const ICNS_TYPES = [
  ['icp4', 16],
  ['ic11', 32], // 16@2x
  ['icp5', 32],
  ['ic12', 64], // 32@2x
  ['ic07', 128],
  ['ic13', 256], // 128@2x
  ['ic08', 256],
  ['ic14', 512], // 256@2x
  ['ic09', 512],
  ['ic10', 1024], // 512@2x
] as const;

export const linuxIconPath = (size: number) => `resources/icons/${size}x${size}.png`;

/** The SVG rendered to a square PNG of `size` pixels (8-bit RGBA, straight alpha). */
export function renderPng(svg: string, size: number): Buffer {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: false },
  });
  return resvg.render().asPng();
}

export interface Rgba {
  width: number;
  height: number;
  /** Rows top to bottom, 4 bytes a pixel: R, G, B, A (straight alpha). */
  data: Buffer;
}

/** Decodes the PNGs this module writes: 8-bit RGBA, not interlaced. */
export function decodePng(png: Buffer): Rgba {
  const signature = '89504e470d0a1a0a';
  if (png.subarray(0, 8).toString('hex') !== signature) throw new Error('not a PNG');
  let width = 0;
  let height = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const body = png.subarray(at + 8, at + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colourType, interlace] = [8, 9, 12].map((i) => body.readUInt8(i));
      if (depth !== 8 || colourType !== 6 || interlace !== 0) {
        throw new Error(`unsupported PNG: depth ${depth}, colour type ${colourType}`);
      }
    } else if (type === 'IDAT') idat.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * 4;
  const data = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw.readUInt8(y * (stride + 1));
    const line = y * (stride + 1) + 1;
    const out = y * stride;
    for (let x = 0; x < stride; x++) {
      // The bytes left of, above and above-left of this one, already decoded.
      const a = x >= 4 ? data.readUInt8(out + x - 4) : 0;
      const b = y > 0 ? data.readUInt8(out - stride + x) : 0;
      const c = x >= 4 && y > 0 ? data.readUInt8(out - stride + x - 4) : 0;
      let predictor = 0;
      if (filter === 1) predictor = a;
      else if (filter === 2) predictor = b;
      else if (filter === 3) predictor = (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (filter !== 0) throw new Error(`bad PNG filter ${filter}`);
      data.writeUInt8((raw.readUInt8(line + x) + predictor) & 0xff, out + x);
    }
  }
  return { width, height, data };
}

/**
 * An ICO image entry in the classic bitmap form that every Windows tool reads (a 32-bit BGRA
 * DIB, bottom-up, with twice the height for the AND mask that follows it).
 */
function icoBitmap({ width, height, data }: Rgba): Buffer {
  const maskStride = Math.ceil(width / 32) * 4;
  const header = Buffer.alloc(40);
  header.writeUInt32LE(40, 0); // BITMAPINFOHEADER
  header.writeInt32LE(width, 4);
  header.writeInt32LE(height * 2, 8); // colour rows + mask rows
  header.writeUInt16LE(1, 12); // planes
  header.writeUInt16LE(32, 14); // bits per pixel
  header.writeUInt32LE(width * height * 4 + maskStride * height, 20);
  const pixels = Buffer.alloc(width * height * 4);
  const mask = Buffer.alloc(maskStride * height);
  for (let y = 0; y < height; y++) {
    const row = height - 1 - y; // bottom-up
    for (let x = 0; x < width; x++) {
      const from = (y * width + x) * 4;
      const to = (row * width + x) * 4;
      const [r, g, b, alpha] = [0, 1, 2, 3].map((k) => data.readUInt8(from + k)) as [
        number,
        number,
        number,
        number,
      ];
      pixels.set([b, g, r, alpha], to);
      if (alpha === 0) {
        const at = row * maskStride + (x >> 3);
        mask.writeUInt8(mask.readUInt8(at) | (0x80 >> (x & 7)), at);
      }
    }
  }
  return Buffer.concat([header, pixels, mask]);
}

/**
 * A Windows .ico of the given PNGs (by size): entries under 256 px as bitmaps, the 256 px one as
 * the PNG itself (Windows Vista and later; it keeps the file small).
 */
export function buildIco(pngs: ReadonlyMap<number, Buffer>): Buffer {
  const images = ICO_SIZES.map((size) => {
    const png = pngs.get(size);
    if (!png) throw new Error(`no ${size} px PNG for the .ico`);
    return { size, data: size >= 256 ? png : icoBitmap(decodePng(png)) };
  });
  const directory = Buffer.alloc(6 + 16 * images.length);
  directory.writeUInt16LE(1, 2); // type: icon
  directory.writeUInt16LE(images.length, 4);
  let offset = directory.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    directory[entry] = size % 256; // 0 stands for 256
    directory[entry + 1] = size % 256;
    directory.writeUInt16LE(1, entry + 4); // planes
    directory.writeUInt16LE(32, entry + 6); // bits per pixel
    directory.writeUInt32LE(data.length, entry + 8);
    directory.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([directory, ...images.map((image) => image.data)]);
}

/** A macOS .icns of the given PNGs (by size): one element a type, each holding its PNG. */
export function buildIcns(pngs: ReadonlyMap<number, Buffer>): Buffer {
  const elements = ICNS_TYPES.map(([type, size]) => {
    const png = pngs.get(size);
    if (!png) throw new Error(`no ${size} px PNG for the .icns`);
    const header = Buffer.alloc(8);
    header.write(type, 0, 'latin1');
    header.writeUInt32BE(8 + png.length, 4);
    return Buffer.concat([header, png]);
  });
  const header = Buffer.alloc(8);
  header.write('icns', 0, 'latin1');
  header.writeUInt32BE(8 + elements.reduce((sum, element) => sum + element.length, 0), 4);
  return Buffer.concat([header, ...elements]);
}

/** Every icon file (path in the repository → contents) rendered from the SVG. */
export function iconFiles(svg: string): Map<string, Buffer> {
  const sizes = new Set<number>([ICON_PNG_SIZE, ...LINUX_SIZES, ...ICO_SIZES]);
  for (const [, size] of ICNS_TYPES) sizes.add(size);
  const pngs = new Map([...sizes].map((size) => [size, renderPng(svg, size)] as const));
  const files = new Map<string, Buffer>();
  files.set(ICON_PNG, pngs.get(ICON_PNG_SIZE)!);
  for (const size of LINUX_SIZES) files.set(linuxIconPath(size), pngs.get(size)!);
  files.set(ICON_ICO, buildIco(pngs));
  files.set(ICON_ICNS, buildIcns(pngs));
  return files;
}
