import { createHmac } from 'node:crypto';

/** RFC 4648 base32, as an otpauth URI carries the secret. */
function base32Decode(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) {
    const value = alphabet.indexOf(char);
    if (value < 0) throw new Error(`not base32: ${char}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The secret (base32) of an otpauth:// URI. */
export function secretOf(otpauthUri: string): string {
  const secret = new URL(otpauthUri).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${otpauthUri}`);
  return secret;
}

/**
 * The code an authenticator app shows for `secret` (base32) at `at`: RFC 6238 TOTP with HMAC-SHA1, 30 s
 * steps and 6 digits (RFC 4226's dynamic truncation), written out here so the tests check the shop
 * against the standard rather than against the library it uses.
 */
export function totp(secret: string, at = Date.now(), stepSeconds = 30, digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / stepSeconds)));
  const hmac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = (hmac[hmac.length - 1] ?? 0) & 0x0f;
  const binary = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** A six-digit code that is not the current one (nor the steps either side, which servers accept too). */
export function wrongCode(secret: string, at = Date.now()): string {
  const near = new Set([-30_000, 0, 30_000].map((shift) => totp(secret, at + shift)));
  for (let n = 0; ; n += 1) {
    const candidate = String(n).padStart(6, '0');
    if (!near.has(candidate)) return candidate;
  }
}
