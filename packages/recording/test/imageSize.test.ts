import { describe, expect, it } from 'vitest';
import { imageSize } from '../src';
import { inlineBytes, v1Session } from './fixtures';
import { jpegWithSize, png, startOfFrameOffset } from './images';

const chromiumJpeg = () => inlineBytes(v1Session().steps[0]!.before_state!.screenshot_base64!);

describe('imageSize', () => {
  it("should read a Chromium JPEG screenshot's size from its frame header, after JFIF and tables", () => {
    expect(imageSize(chromiumJpeg())).toEqual({ mime: 'image/jpeg', width: 32, height: 20 });
  });

  it("should read a PNG's size from IHDR", () => {
    expect(imageSize(png(2, 2))).toEqual({ mime: 'image/png', width: 2, height: 2 });
    expect(imageSize(png(1280, 1))).toEqual({ mime: 'image/png', width: 1280, height: 1 });
  });

  it('should read large sizes, up to the 16 bits of a JPEG and beyond for PNG', () => {
    expect(imageSize(jpegWithSize(chromiumJpeg(), 65_535, 4_000))).toMatchObject({
      width: 65_535,
      height: 4_000,
    });
    const header = png(1, 1);
    header.writeUInt32BE(100_000, 16);
    expect(imageSize(header)).toMatchObject({ width: 100_000, height: 1 });
  });

  it('should find the frame header behind an EXIF segment, fill bytes and a progressive frame', () => {
    const jpeg = chromiumJpeg();
    const exif = Buffer.concat([Buffer.from([0xff, 0xe1, 0x00, 0x08]), Buffer.from('Exif\0\0', 'binary')]);
    const withExif = Buffer.concat([jpeg.subarray(0, 2), exif, Buffer.from([0xff, 0xff]), jpeg.subarray(2)]);
    expect(imageSize(withExif)).toEqual({ mime: 'image/jpeg', width: 32, height: 20 });

    const progressive = Buffer.from(jpeg);
    progressive[startOfFrameOffset(progressive) + 1] = 0xc2;
    expect(imageSize(progressive)).toEqual({ mime: 'image/jpeg', width: 32, height: 20 });
  });

  it('should read an image that sits inside a larger buffer', () => {
    const padded = Buffer.concat([Buffer.from('garbage'), png(3, 2)]);
    expect(imageSize(padded.subarray(7))).toEqual({ mime: 'image/png', width: 3, height: 2 });
  });

  it('should give null for other formats, empty input and headers cut short', () => {
    expect(imageSize(new Uint8Array())).toBeNull();
    expect(imageSize(Buffer.from('GIF89a\x02\x00\x02\x00', 'binary'))).toBeNull();
    expect(imageSize(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageSize(png(2, 2).subarray(0, 20))).toBeNull();
    const jpeg = chromiumJpeg();
    expect(imageSize(jpeg.subarray(0, startOfFrameOffset(jpeg) + 6))).toBeNull();
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
  });

  it('should give null when the compressed data starts before any frame header', () => {
    expect(imageSize(Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x08, 1, 2, 3, 4, 5, 6]))).toBeNull();
  });
});
