import type { Raster } from "./raster";

/**
 * Area-average downscaling to fit `maxSide` on the long side (never up). Rows are pushed top to
 * bottom and each is read once; only the output and one row of sums are kept.
 */
export class AreaScaler {
  readonly width: number;
  readonly height: number;
  private readonly data: Uint8Array;
  private readonly copy: boolean;
  private readonly ratio: number;
  private readonly xFirst: Int32Array;
  private readonly xCount: Int32Array;
  private readonly xWeights: Float32Array; // per output column, `maxTaps` slots
  private readonly maxTaps: number;
  private readonly line: Float32Array;
  private readonly sums: Float32Array;
  private sumWeight = 0;
  private current = 0;
  private y = 0;

  constructor(
    sourceWidth: number,
    private readonly sourceHeight: number,
    maxSide: number,
  ) {
    const factor = Math.min(1, maxSide / Math.max(sourceWidth, sourceHeight));
    this.width = Math.max(1, Math.round(sourceWidth * factor));
    this.height = Math.max(1, Math.round(sourceHeight * factor));
    this.data = new Uint8Array(this.width * this.height * 3);
    this.copy = this.width === sourceWidth && this.height === sourceHeight;
    this.ratio = sourceHeight / this.height;
    const xRatio = sourceWidth / this.width;
    this.maxTaps = Math.ceil(xRatio) + 1;
    this.xFirst = new Int32Array(this.width);
    this.xCount = new Int32Array(this.width);
    this.xWeights = new Float32Array(this.width * this.maxTaps);
    for (let o = 0; o < this.width; o++) {
      const start = o * xRatio;
      const end = Math.min(sourceWidth, (o + 1) * xRatio);
      const first = Math.floor(start);
      let count = 0;
      for (let s = first; s < end && count < this.maxTaps; s++, count++) {
        this.xWeights[o * this.maxTaps + count] = (Math.min(s + 1, end) - Math.max(s, start)) / (end - start);
      }
      this.xFirst[o] = first;
      this.xCount[o] = count;
    }
    this.line = new Float32Array(this.width * 3);
    this.sums = new Float32Array(this.width * 3);
  }

  push(row: Uint8Array): void {
    const y = this.y++;
    if (y >= this.sourceHeight) throw new Error("too many rows");
    if (this.copy) {
      this.data.set(row.subarray(0, this.width * 3), y * this.width * 3);
      return;
    }
    const { line, xFirst, xCount, xWeights, maxTaps } = this;
    for (let x = 0; x < this.width; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let p = xFirst[x]! * 3;
      const w0 = x * maxTaps;
      for (let k = 0; k < xCount[x]!; k++, p += 3) {
        const w = xWeights[w0 + k]!;
        r += row[p]! * w;
        g += row[p + 1]! * w;
        b += row[p + 2]! * w;
      }
      line[x * 3] = r;
      line[x * 3 + 1] = g;
      line[x * 3 + 2] = b;
    }
    // This source row covers [y, y+1); output row o covers [o·ratio, (o+1)·ratio).
    for (let o = Math.floor(y / this.ratio); o < this.height; o++) {
      const weight = Math.min(y + 1, (o + 1) * this.ratio) - Math.max(y, o * this.ratio);
      if (weight <= 0) break;
      while (this.current < o) this.flush();
      const { sums } = this;
      for (let i = 0; i < sums.length; i++) sums[i] = sums[i]! + line[i]! * weight;
      this.sumWeight += weight;
    }
  }

  private flush(): void {
    const base = this.current * this.width * 3;
    const { sums, data } = this;
    const scale = this.sumWeight > 0 ? 1 / this.sumWeight : 0;
    for (let i = 0; i < sums.length; i++) data[base + i] = Math.round(sums[i]! * scale);
    sums.fill(0);
    this.sumWeight = 0;
    this.current++;
  }

  finish(): Raster {
    if (this.y !== this.sourceHeight) throw new Error("missing rows");
    if (!this.copy) while (this.current < this.height) this.flush();
    return { width: this.width, height: this.height, data: this.data };
  }
}

/** A raster already in memory, scaled down to fit `maxSide` (the thumbnail from the display version). */
export function scaleDown(raster: Raster, maxSide: number): Raster {
  const scaler = new AreaScaler(raster.width, raster.height, maxSide);
  const rowBytes = raster.width * 3;
  for (let y = 0; y < raster.height; y++) scaler.push(raster.data.subarray(y * rowBytes, (y + 1) * rowBytes));
  return scaler.finish();
}
