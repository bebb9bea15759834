/// <reference types="node" />
// http_ece 1.2 ships no types: the two calls the push tests use.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  export interface EceParams {
    version?: "aes128gcm" | "aesgcm" | "aesgcm128";
    privateKey?: ECDH;
    dh?: string | Buffer;
    authSecret?: string | Buffer;
    salt?: string | Buffer;
    key?: string | Buffer;
    keyid?: string | Buffer;
    rs?: number;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
  export function encrypt(buffer: Buffer, params: EceParams): Buffer;
}
