/** Undoes a PNG scanline filter in place (`line` and `previous` hold the bytes without the type). */
export function unfilter(type: number, line: Uint8Array, previous: Uint8Array, bpp: number): void {
  const n = line.length;
  switch (type) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) line[i] = line[i]! + line[i - bpp]!;
      return;
    case 2:
      for (let i = 0; i < n; i++) line[i] = line[i]! + previous[i]!;
      return;
    case 3:
      for (let i = 0; i < n; i++) line[i] = line[i]! + (((i >= bpp ? line[i - bpp]! : 0) + previous[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < n; i++) {
        const a = i >= bpp ? line[i - bpp]! : 0;
        const b = previous[i]!;
        const c = i >= bpp ? previous[i - bpp]! : 0;
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        line[i] = line[i]! + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      return;
    default:
      throw new Error(`bad PNG filter ${type}`);
  }
}
