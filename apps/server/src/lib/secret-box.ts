import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const FORMAT = 'v1';

/**
 * Secrets stored at rest (a tenant's WhatsApp access token): AES-256-GCM with a random IV per
 * value and the owner (tenant id) as associated data, so a value copied to another tenant's row
 * does not open. Stored as `v1:<iv>:<tag>:<ciphertext>`, base64url.
 */
export interface SecretBox {
  seal(plain: string, owner: string): string;
  /** Throws when the value was not sealed with this key for this owner. */
  open(sealed: string, owner: string): string;
}

function decodeKey(text: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(
      `the secret key must be ${KEY_BYTES} bytes, base64 or hex (ANTREAN_SECRET_KEY, secret.key)`,
    );
  }
  return key;
}

/**
 * The key: ANTREAN_SECRET_KEY when set; otherwise DATA_DIR/secret.key, generated on first use
 * (readable by the server's user only). Two processes starting at once agree on one file: it
 * is written aside and linked into place, which fails if the other one won.
 */
function loadKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return decodeKey(configured);
  const file = path.join(dataDir, 'secret.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(aside, randomBytes(KEY_BYTES).toString('base64'), { mode: 0o600 });
    try {
      fs.linkSync(aside, file);
    } catch (error) {
      if (!(error instanceof Error && 'code' in error && error.code === 'EEXIST')) throw error;
    } finally {
      fs.unlinkSync(aside);
    }
  }
  return decodeKey(fs.readFileSync(file, 'utf8'));
}

/** The key is read (or generated) on the first seal or open, not at start-up. */
export function createSecretBox(config: { secretKey: string | undefined; dataDir: string }): SecretBox {
  let key: Buffer | undefined;
  const keyOf = () => (key ??= loadKey(config.secretKey, config.dataDir));
  return {
    seal(plain, owner) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', keyOf(), iv);
      cipher.setAAD(Buffer.from(owner, 'utf8'));
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
      return [FORMAT, ...parts].join(':');
    },
    open(sealed, owner) {
      const [format, iv, tag, data] = sealed.split(':');
      if (format !== FORMAT || iv === undefined || tag === undefined || data === undefined) {
        throw new Error('not a sealed secret');
      }
      const decipher = createDecipheriv('aes-256-gcm', keyOf(), Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
