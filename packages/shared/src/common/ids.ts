import { z } from 'zod';

/**
 * Ids are UUIDv7 strings: time-ordered (good index locality on both databases), generated in
 * the application so the same code runs on SQLite and PostgreSQL.
 */
export function newId(now: number = Date.now()): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  let ts = now;
  for (let i = 5; i >= 0; i--) {
    bytes[i] = ts % 256;
    ts = Math.floor(ts / 256);
  }
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x70;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** An unguessable code from an unambiguous alphabet (57 symbols ≈ 5.8 bits each). */
export function randomCode(length = 22): string {
  const out: string[] = [];
  const bytes = new Uint8Array(length * 2);
  while (out.length < length) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) {
      if (b < 228 && out.length < length) out.push(ALPHABET[b % ALPHABET.length] ?? 'A');
    }
  }
  return out.join('');
}

export const IdSchema = z.uuid({ error: 'v.uuid' });
