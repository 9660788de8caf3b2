/** The part of http_ece (Encrypted Content-Encoding, RFC 8188) the push-service stand-in uses. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  export interface EceParams {
    version: 'aes128gcm';
    /** The receiver's key pair: the sender's public key is read from the message's header (aes128gcm). */
    privateKey: ECDH;
    /** The subscription's auth secret, base64url. */
    authSecret: string;
  }
  export function decrypt(buffer: Buffer, params: EceParams): Buffer;
}
