/**
 * The EXIF orientation of a JPEG: a small reader of the APP1 segment's TIFF header, for tag
 * 0x0112 only. It reads nothing else (the rest of EXIF, GPS included, is dropped with the
 * original bytes) and gives up quietly on anything malformed: a photo with broken EXIF is
 * still a photo, shown as stored.
 */

/** The EXIF orientation (1–8) of a JPEG, 1 when it has none. */
export function jpegOrientation(bytes: Uint8Array): number {
  let i = 2;
  while (i + 4 <= bytes.length) {
    if (bytes[i] !== 0xff) return 1;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return 1; // image data starts: no EXIF came before
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    if (length < 2) return 1;
    const start = i + 4;
    const end = Math.min(i + 2 + length, bytes.length);
    if (marker === 0xe1 && end - start > 14 && String.fromCharCode(...bytes.subarray(start, start + 6)) === "Exif\0\0") {
      const found = tiffOrientation(new DataView(bytes.buffer, bytes.byteOffset + start + 6, end - start - 6));
      if (found) return found;
    }
    i += 2 + length;
  }
  return 1;
}

function tiffOrientation(view: DataView): number | null {
  if (view.byteLength < 8) return null;
  const order = view.getUint16(0);
  if (order !== 0x4949 && order !== 0x4d4d) return null;
  const le = order === 0x4949;
  if (view.getUint16(2, le) !== 42) return null;
  const ifd = view.getUint32(4, le);
  if (ifd + 2 > view.byteLength) return null;
  const entries = view.getUint16(ifd, le);
  for (let k = 0; k < entries; k++) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > view.byteLength) return null;
    if (view.getUint16(entry, le) === 0x0112 && view.getUint16(entry + 2, le) === 3) {
      const value = view.getUint16(entry + 8, le);
      return value >= 1 && value <= 8 ? value : null;
    }
  }
  return null;
}
