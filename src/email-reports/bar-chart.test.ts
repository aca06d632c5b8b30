// The chart PNG decodes as a PNG: signature, IHDR, chunk CRCs, and the pixels where the bars should be.
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { barBox, barChartPng, CHART_HEIGHT, CHART_WIDTH } from './bar-chart.js';
import { crc32 } from './png-encoder.js';

function chunks(png: Buffer): Array<{ type: string; data: Buffer; crcOk: boolean }> {
  const found = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('ascii', at + 4, at + 8);
    const data = png.subarray(at + 8, at + 8 + length);
    found.push({ type, data, crcOk: png.readUInt32BE(at + 8 + length) === crc32(png.subarray(at + 4, at + 8 + length)) });
    at += 12 + length;
  }
  return found;
}

describe('barChartPng', () => {
  it('is a valid RGB PNG with a bar of the right height per value', () => {
    const values = [2, 0, 4, 1];
    const png = barChartPng(values);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const parts = chunks(png);
    expect(parts.map((part) => [part.type, part.crcOk])).toEqual([['IHDR', true], ['IDAT', true], ['IEND', true]]);
    const ihdr = parts[0]!.data;
    expect([ihdr.readUInt32BE(0), ihdr.readUInt32BE(4), ihdr[8], ihdr[9]]).toEqual([CHART_WIDTH, CHART_HEIGHT, 8, 2]);
    const rows = inflateSync(parts[1]!.data);
    const pixel = (x: number, y: number) => [...rows.subarray(y * (CHART_WIDTH * 3 + 1) + 1 + x * 3, y * (CHART_WIDTH * 3 + 1) + 4 + x * 3)];
    const tallest = barBox(values, 2);
    const half = barBox(values, 0);
    expect(tallest.bottom - tallest.top).toBe(CHART_HEIGHT - 16);
    expect(half.bottom - half.top).toBe((CHART_HEIGHT - 16) / 2);
    expect(pixel(tallest.x0, tallest.top)).toEqual([79, 70, 229]);
    expect(pixel(half.x0, half.top - 1)).toEqual([255, 255, 255]);
    expect(pixel(half.x0, half.top)).toEqual([79, 70, 229]);
    expect(pixel(barBox(values, 1).x0, CHART_HEIGHT - 9)).toEqual([255, 255, 255]);
  });

  it('draws an empty period as an axis only', () => {
    expect(chunks(barChartPng([0, 0, 0])).map((part) => part.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
  });
});
