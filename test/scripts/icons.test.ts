// The committed icon files are what `npm run icons` makes of resources/icon.svg: an edit of the SVG
// that was not rendered again fails here, and so does a container an installer could not read.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ICNS_TYPES,
  ICO_SIZES,
  ICON_ICNS,
  ICON_ICO,
  ICON_PNG,
  ICON_PNG_SIZE,
  ICON_SVG,
  LINUX_SIZES,
  buildIcns,
  buildIco,
  decodePng,
  linuxIconPath,
  renderPng,
  type Rgba,
} from '../../scripts/icons';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file));
const svg = read(ICON_SVG).toString('utf8');

const committedPngs = new Map<number, Buffer>([
  ...LINUX_SIZES.map((size) => [size, read(linuxIconPath(size))] as const),
  [ICON_PNG_SIZE, read(ICON_PNG)],
]);

/** The largest difference of one channel of one pixel between two images of the same size. */
function largestDifference(a: Rgba, b: Rgba): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let largest = 0;
  for (let i = 0; i < a.data.length; i++) {
    largest = Math.max(largest, Math.abs(a.data.readUInt8(i) - b.data.readUInt8(i)));
  }
  return largest;
}

describe('app icon', () => {
  it('renders the same bytes every time', () => {
    expect(renderPng(svg, 48).equals(renderPng(svg, 48))).toBe(true);
  });

  // Compared by pixel rather than by byte, with a rounding's leeway, so that a renderer built for
  // another processor passes too; an edit of the drawing changes far more than that.
  it.each([...committedPngs.keys()])('committed %i px PNG is the SVG rendered', (size) => {
    const committed = decodePng(committedPngs.get(size)!);
    expect([committed.width, committed.height]).toEqual([size, size]);
    expect(largestDifference(committed, decodePng(renderPng(svg, size)))).toBeLessThanOrEqual(2);
  });

  it('the .ico and .icns are built from the committed PNGs', () => {
    expect(buildIco(committedPngs).equals(read(ICON_ICO))).toBe(true);
    expect(buildIcns(committedPngs).equals(read(ICON_ICNS))).toBe(true);
  });

  it('the .ico has a 32-bit image of every Windows size, bitmaps below 256 px', () => {
    const ico = read(ICON_ICO);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const count = ico.readUInt16LE(4);
    const entries = Array.from({ length: count }, (_, i) => {
      const at = 6 + 16 * i;
      const size = ico.readUInt8(at) || 256;
      expect(ico.readUInt8(at + 1) || 256).toBe(size);
      expect(ico.readUInt16LE(at + 6)).toBe(32);
      const offset = ico.readUInt32LE(at + 12);
      return { size, data: ico.subarray(offset, offset + ico.readUInt32LE(at + 8)) };
    });
    expect(entries.map((entry) => entry.size)).toEqual([...ICO_SIZES]);
    for (const { size, data } of entries) {
      const png = committedPngs.get(size)!;
      if (size === 256) {
        expect(data.equals(png)).toBe(true);
        continue;
      }
      // BITMAPINFOHEADER, then BGRA rows from the bottom up, then the 1-bit mask.
      expect([data.readUInt32LE(0), data.readInt32LE(4), data.readInt32LE(8)]).toEqual([
        40,
        size,
        2 * size,
      ]);
      const mask = Math.ceil(size / 32) * 4 * size;
      expect(data.length).toBe(40 + size * size * 4 + mask);
      const expected = decodePng(png);
      const actual = Buffer.alloc(size * size * 4);
      for (let y = 0; y < size; y++) {
        for (let x = 0; x < size; x++) {
          const from = 40 + ((size - 1 - y) * size + x) * 4;
          const [b, g, r, a] = [0, 1, 2, 3].map((k) => data.readUInt8(from + k));
          actual.set([r!, g!, b!, a!], (y * size + x) * 4);
        }
      }
      expect(actual.equals(expected.data)).toBe(true);
    }
  });

  it('the .icns has a PNG of every macOS type, @2x ones included', () => {
    const icns = read(ICON_ICNS);
    expect(icns.toString('latin1', 0, 4)).toBe('icns');
    expect(icns.readUInt32BE(4)).toBe(icns.length);
    const elements: { type: string; size: number }[] = [];
    for (let at = 8; at < icns.length;) {
      const length = icns.readUInt32BE(at + 4);
      const png = decodePng(icns.subarray(at + 8, at + length));
      expect(png.width).toBe(png.height);
      elements.push({ type: icns.toString('latin1', at, at + 4), size: png.width });
      at += length;
    }
    expect(elements).toEqual(ICNS_TYPES.map(([type, size]) => ({ type, size })));
    expect(elements.map((element) => element.type).sort()).toEqual(
      ['ic07', 'ic08', 'ic09', 'ic10', 'ic11', 'ic12', 'ic13', 'ic14', 'icp4', 'icp5'].sort(),
    );
  });
});
