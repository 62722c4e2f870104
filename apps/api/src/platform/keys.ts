import crypto from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Random key for activation/reset links (20 chars, ~119 bits). */
export function randomKey(length = 20): string {
  const bytes = crypto.randomBytes(length);
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return out;
}

/** Timestamps leave the API as ISO-8601 instants. */
export const toIso = (s: string | null | undefined): string | null => (s ? new Date(s).toISOString() : null);
