/**
 * The loader for libjpeg-turbo's TurboJPEG API compiled to WebAssembly (`@cwasm/jpeg-turbo`;
 * we use only its `.wasm` file, not its JavaScript). The worker's bundler hands the file over
 * compiled, as a WebAssembly.Module; `vitest.unit.config.ts` does the same for the Node tests.
 */
import jpegTurboWasm from "@cwasm/jpeg-turbo/jpeg-turbo.wasm";

/** The part of the TurboJPEG API we call. Pointers and sizes are numbers in wasm memory. */
export interface TurboJpeg {
  memory: WebAssembly.Memory;
  malloc(size: number): number;
  free(pointer: number): void;
  tjInitDecompress(): number;
  tjDecompressHeader3(
    handle: number,
    jpeg: number,
    size: number,
    width: number,
    height: number,
    subsamp: number,
    colorspace: number,
  ): number;
  tjDecompress2(
    handle: number,
    jpeg: number,
    size: number,
    out: number,
    width: number,
    pitch: number,
    height: number,
    pixelFormat: number,
    flags: number,
  ): number;
  tjDestroy(handle: number): number;
}

/** TurboJPEG's pixel format for packed RGB, 3 bytes a pixel. */
export const TJPF_RGB = 0;

function isTurboJpeg(exports: WebAssembly.Exports): exports is WebAssembly.Exports & TurboJpeg {
  return (
    ["malloc", "free", "tjInitDecompress", "tjDecompressHeader3", "tjDecompress2", "tjDestroy"].every(
      (name) => typeof exports[name] === "function",
    ) && exports.memory instanceof WebAssembly.Memory
  );
}

/**
 * A fresh instance for one decode. libjpeg reports fatal errors with longjmp, which here
 * unwinds as a JavaScript exception and leaves that instance unusable; a fresh one also hands
 * its memory back once the upload is done. The build asks for a few WASI calls it never needs
 * on this path: they throw rather than touch anything.
 */
export function instantiateJpegTurbo(): TurboJpeg {
  const refuse = (name: string) => () => {
    throw new Error(`jpeg-turbo called ${name}`);
  };
  const instance = new WebAssembly.Instance(jpegTurboWasm, {
    env: { setjmp: () => 0, longjmp: refuse("longjmp") },
    wasi_snapshot_preview1: {
      environ_sizes_get: () => 0,
      environ_get: refuse("environ_get"),
      proc_exit: refuse("proc_exit"),
      fd_close: refuse("fd_close"),
      fd_seek: refuse("fd_seek"),
      fd_write: refuse("fd_write"),
    },
  });
  const tj = instance.exports;
  if (!isTurboJpeg(tj)) throw new Error("unexpected jpeg-turbo build");
  return tj;
}
