/**
 * Demo photos: CC0 DiceBear avatar styles rendered to JPEG with sharp at seed time (Node only).
 */
import { createAvatar } from "@dicebear/core";
import { lorelei, notionists, openPeeps, thumbs } from "@dicebear/collection";
import sharp from "sharp";

const BACKGROUNDS = ["b6e3f4", "c0aede", "d1d4f9", "ffd5dc", "ffdfbf"];
type Render = (options: { seed: string; size: number; backgroundColor: string[] }) => string;
const STYLES: Render[] = [
  (options) => createAvatar(lorelei, options).toString(),
  (options) => createAvatar(notionists, options).toString(),
  (options) => createAvatar(openPeeps, options).toString(),
  (options) => createAvatar(thumbs, options).toString(),
];

export async function renderPhoto(seed: string, variant: number): Promise<Uint8Array> {
  const render = STYLES[variant % STYLES.length]!;
  const svg = render({ seed, size: 480, backgroundColor: [BACKGROUNDS[variant % BACKGROUNDS.length]!] });
  return sharp(Buffer.from(svg)).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
}
