/** The image types a screenshot may be stored as. */
export type ImageMime = 'image/jpeg' | 'image/png';

export interface ImageSize {
  mime: ImageMime;
  width: number;
  height: number;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** "IHDR": the first chunk of every PNG. */
const PNG_IHDR = 0x49484452;

/**
 * The type and pixel size of a JPEG or PNG, read from its header (the type from the magic bytes, not from
 * what the file claims to be). Null for anything else, or a header cut short.
 */
export function imageSize(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return pngSize(view) ?? jpegSize(view);
}

/** PNG: the signature, then IHDR's length, type, width and height as big-endian 32-bit numbers. */
function pngSize(view: DataView): ImageSize | null {
  if (view.byteLength < 24 || !PNG_SIGNATURE.every((byte, i) => view.getUint8(i) === byte)) return null;
  if (view.getUint32(12) !== PNG_IHDR) return null;
  return { mime: 'image/png', width: view.getUint32(16), height: view.getUint32(20) };
}

/**
 * JPEG: after the start-of-image marker, walk the segments (marker, 16-bit length) up to the first
 * start-of-frame, which holds the height and then the width. Encoders put EXIF, quantisation and Huffman
 * tables first, so the frame header is not at a fixed offset.
 */
function jpegSize(view: DataView): ImageSize | null {
  if (view.byteLength < 4 || view.getUint16(0) !== 0xffd8) return null;
  let offset = 2;
  while (offset + 4 <= view.byteLength) {
    if (view.getUint8(offset) !== 0xff) return null;
    const marker = view.getUint8(offset + 1);
    // 0xFF before a marker is padding; markers without a length: TEM, RST0–7 and a repeated SOI.
    if (marker === 0xff) offset += 1;
    else if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) offset += 2;
    // End of image, or compressed data, before any frame header: no size to read.
    else if (marker === 0xd9 || marker === 0xda) return null;
    else if (isStartOfFrame(marker)) {
      if (offset + 9 > view.byteLength) return null;
      return { mime: 'image/jpeg', height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
    } else {
      const length = view.getUint16(offset + 2);
      if (length < 2) return null;
      offset += 2 + length;
    }
  }
  return null;
}

/** SOF0–SOF15, except the three markers of that range that are not frame headers (DHT, JPG, DAC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}
