import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import type { ImageMimeType } from '@antrean/shared/contracts/files.contract';

/** Uploaded files live under DATA_DIR/uploads/<tenantId>/<fileId>; the database keeps the metadata. */
function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

export function storageKey(tenantId: string, fileId: string): string {
  return `${tenantId}/${fileId}`;
}

export function resolveStorage(dataDir: string, key: string): string {
  const root = uploadsRoot(dataDir);
  const full = path.resolve(root, key);
  if (!full.startsWith(root + path.sep)) throw new Error('storage key escapes the uploads folder');
  return full;
}

/** Writes atomically (temp file + rename) so a crash never leaves half a file behind. */
export async function writeStored(dataDir: string, key: string, bytes: Buffer): Promise<{ sha256: string }> {
  const target = resolveStorage(dataDir, key);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await fs.promises.writeFile(temp, bytes, { flag: 'wx' });
  await fs.promises.rename(temp, target);
  return { sha256: createHash('sha256').update(bytes).digest('hex') };
}

/** The image type from its first bytes (never trust the declared content type). */
export function sniffImage(bytes: Buffer): ImageMimeType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  // An ICO directory: reserved 0, type 1 (icon), at least one image.
  if (
    bytes.length >= 6 &&
    bytes.readUInt16LE(0) === 0 &&
    bytes.readUInt16LE(2) === 1 &&
    bytes.readUInt16LE(4) > 0
  ) {
    return 'image/x-icon';
  }
  return undefined;
}
