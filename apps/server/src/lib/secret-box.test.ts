import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antrean-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('seals with a fresh IV each time and opens only for the same owner', () => {
    const box = createSecretBox({ secretKey: randomBytes(32).toString('base64'), dataDir: tempDir() });
    const a = box.seal('token-123', 'tenant-a');
    const b = box.seal('token-123', 'tenant-a');
    expect(a).toMatch(/^v1:/);
    expect(a).not.toContain('token-123');
    expect(a).not.toBe(b);
    expect(box.open(a, 'tenant-a')).toBe('token-123');
    expect(() => box.open(a, 'tenant-b')).toThrow();
    const [format, iv, tag, data = ''] = a.split(':');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([format, iv, tag, flipped.toString('base64url')].join(':'), 'tenant-a')).toThrow();
    expect(() => box.open('plain', 'tenant-a')).toThrow('not a sealed secret');
  });

  it('without a configured key, generates DATA_DIR/secret.key once (owner-only) and keeps using it', () => {
    const dataDir = tempDir();
    const sealed = createSecretBox({ secretKey: undefined, dataDir }).seal('x', 'owner');
    const file = path.join(dataDir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(fs.readFileSync(file, 'utf8'), 'base64')).toHaveLength(32);
    expect(createSecretBox({ secretKey: undefined, dataDir }).open(sealed, 'owner')).toBe('x');
    expect(fs.readdirSync(dataDir)).toEqual(['secret.key']);
  });

  it('accepts a hex or base64 key and refuses one of the wrong size', () => {
    const key = randomBytes(32);
    const hex = createSecretBox({ secretKey: key.toString('hex'), dataDir: tempDir() });
    const b64 = createSecretBox({ secretKey: key.toString('base64'), dataDir: tempDir() });
    expect(b64.open(hex.seal('same key', 'o'), 'o')).toBe('same key');
    const short = createSecretBox({ secretKey: randomBytes(16).toString('base64'), dataDir: tempDir() });
    expect(() => short.seal('x', 'o')).toThrow(/32 bytes/);
  });
});
