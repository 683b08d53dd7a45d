import { crc32, deflateSync } from 'node:zlib';

/** A valid PNG of the given size (RGB, one colour), encoded here: no image library needed. */
export function png(width: number, height: number, rgb: [number, number, number] = [31, 111, 235]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits per channel, truecolour, deflate, no filter, no interlace
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real JPEG (the fixture's Chromium screenshot) with the size in its frame header rewritten: a header
 * parser's test, not an image to decode.
 */
export function jpegWithSize(base: Buffer, width: number, height: number): Buffer {
  const bytes = Buffer.from(base);
  const sof = startOfFrameOffset(bytes);
  bytes.writeUInt16BE(height, sof + 5);
  bytes.writeUInt16BE(width, sof + 7);
  return bytes;
}

/** Where the baseline frame header (FF C0) of an encoder's JPEG starts. */
export function startOfFrameOffset(jpeg: Buffer): number {
  let offset = 2;
  while (jpeg[offset + 1] !== 0xc0) offset += 2 + jpeg.readUInt16BE(offset + 2);
  return offset;
}
