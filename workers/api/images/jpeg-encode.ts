/**
 * JPEG encoding with photon (`@cf-wasm/photon`, the Rust `image` crate in wasm). Its output is
 * JFIF without EXIF, XMP or ICC, which is how the upload's metadata is removed: we re-encode
 * pixels, never copy bytes. Photon only ever sees pixels we built ourselves, never the upload.
 */
import type { Raster } from "./raster";

export type EncodeJpeg = (rgba: Raster, quality: number) => Uint8Array;

/**
 * The encoder, loaded on first use: photon's wasm instance stays with the isolate once made, so
 * a worker that never receives a photo never pays for it.
 */
export async function loadJpegEncoder(): Promise<EncodeJpeg> {
  const { PhotonImage } = await import("@cf-wasm/photon/workerd");
  return (rgba, quality) => {
    const image = new PhotonImage(rgba.data, rgba.width, rgba.height);
    try {
      return image.get_bytes_jpeg(quality);
    } finally {
      image.free();
    }
  };
}
