/**
 * What the photo upload tests share (profile-image-*.test.ts): test images made in the worker
 * (photon), the upload call, and reading back the R2 objects it leaves.
 */
import { PhotonImage } from "@cf-wasm/photon/workerd";
import { env } from "cloudflare:workers";
import { call } from "./helpers";

export const UPLOAD = "/api/profileimage.php";

/** width×height pixels, left half `left`, right half `right` (RGB). */
function pixels(width: number, height: number, left: number[], right = left): Uint8Array {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const [r, g, b] = x < width / 2 ? left : right;
      data.set([r!, g!, b!, 255], (y * width + x) * 4);
    }
  }
  return data;
}

export function encode(width: number, height: number, format: "png" | "jpeg", left = [200, 30, 30], right = left): Uint8Array {
  const image = new PhotonImage(pixels(width, height, left, right), width, height);
  try {
    return format === "png" ? image.get_bytes() : image.get_bytes_jpeg(90);
  } finally {
    image.free();
  }
}

export function form(bytes: Uint8Array | string, name = "photo.jpg", type = "image/jpeg", field = "file"): FormData {
  const data = new FormData();
  data.set(field, new File([typeof bytes === "string" ? bytes : bytes.slice()], name, { type }));
  return data;
}

export async function upload(cookie: string | undefined, body: BodyInit, headers?: HeadersInit) {
  return call(UPLOAD, { method: "POST", body, cookie, headers });
}

export async function stored(key: string) {
  const object = await env.PHOTOS.get(key);
  if (!object) throw new Error(`${key} is not in R2`);
  return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType };
}

export function size(bytes: Uint8Array) {
  const image = PhotonImage.new_from_byteslice(bytes);
  try {
    return { width: image.get_width(), height: image.get_height(), rgba: image.get_raw_pixels() };
  } finally {
    image.free();
  }
}

export const largeKey = (thumb: string) => thumb.replace(/\.jpg$/, "-large.jpg");
