import fs from 'node:fs';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { Readable, Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { MediaMimeType } from '@antrean/shared/contracts/files.contract';

/** The bytes of an upload kept aside while they are checked; `commit` files them under a key. */
interface StagedFile {
  sha256: string;
  size: number;
  /** The first bytes (up to 4 KiB), where the type is read from. */
  head: Buffer;
  /** True when the source had more than the bound: nothing is kept, the caller answers 413. */
  tooLarge: boolean;
  /** Files the bytes under `key` (content-addressed: an existing key already holds them). */
  commit(key: string): Promise<void>;
  discard(): Promise<void>;
}

/**
 * Where uploaded bytes live (decisions: media storage). The folder under DATA_DIR is the default;
 * an S3-compatible bucket can implement the same four operations later (stage to a multipart
 * upload or a local temp file, commit = copy to the content key, read with a Range GET).
 */
export interface FileStorage {
  /** Streams `source` aside while hashing and counting it, never holding it in memory. */
  stage(source: Readable, maxBytes: number): Promise<StagedFile>;
  /** The stored size, or undefined when the key holds nothing. */
  size(key: string): Promise<number | undefined>;
  /** The bytes of `key`, all or the inclusive range. */
  read(key: string, range?: { start: number; end: number }): Readable;
}

/** A new upload's key: the tenant's folder and the content hash, so the same bytes are stored once. */
export function contentKey(tenantId: string, sha256: string): string {
  return `${tenantId}/sha256-${sha256}`;
}

const HEAD_BYTES = 4096;

/** Counts, hashes and keeps the head of what passes; stops the stream past the bound. */
class Meter extends Transform {
  readonly hash = createHash('sha256');
  size = 0;
  tooLarge = false;
  private readonly headChunks: Buffer[] = [];
  private headSize = 0;
  constructor(private readonly maxBytes: number) {
    super();
  }
  head(): Buffer {
    return Buffer.concat(this.headChunks).subarray(0, HEAD_BYTES);
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) {
      this.tooLarge = true;
      done();
      return;
    }
    if (this.headSize < HEAD_BYTES) {
      this.headChunks.push(chunk);
      this.headSize += chunk.length;
    }
    this.hash.update(chunk);
    done(null, chunk);
  }
}

/** The folder implementation: DATA_DIR/uploads/<key>, staged in DATA_DIR/uploads/.staging. */
export function createFolderStorage(dataDir: string): FileStorage {
  const root = path.join(dataDir, 'uploads');
  const staging = path.join(root, '.staging');

  function resolve(key: string): string {
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('storage key escapes the uploads folder');
    return full;
  }

  async function stage(source: Readable, maxBytes: number): Promise<StagedFile> {
    await fs.promises.mkdir(staging, { recursive: true });
    const temp = path.join(staging, `${randomUUID()}.part`);
    const meter = new Meter(maxBytes);
    const discard = () => fs.promises.rm(temp, { force: true });
    try {
      await pipeline(source, meter, fs.createWriteStream(temp, { flags: 'wx' }));
    } catch (error) {
      await discard();
      throw error;
    }
    if (meter.tooLarge) await discard();
    return {
      sha256: meter.hash.digest('hex'),
      size: meter.size,
      head: meter.head(),
      tooLarge: meter.tooLarge,
      async commit(key) {
        const target = resolve(key);
        await fs.promises.mkdir(path.dirname(target), { recursive: true });
        try {
          await fs.promises.access(target);
          await discard(); // the same bytes are already there
        } catch {
          await fs.promises.rename(temp, target); // atomic: never half a file under the key
        }
      },
      discard,
    };
  }

  async function size(key: string): Promise<number | undefined> {
    try {
      return (await fs.promises.stat(resolve(key))).size;
    } catch {
      return undefined;
    }
  }

  function read(key: string, range?: { start: number; end: number }): Readable {
    return fs.createReadStream(resolve(key), range ? { start: range.start, end: range.end } : {});
  }

  return { stage, size, read };
}

/** Stores bytes already in memory (a photo from the kiosk, a test's file). */
export async function storeBytes(
  storage: FileStorage,
  tenantId: string,
  bytes: Buffer,
): Promise<{ key: string; sha256: string }> {
  const staged = await storage.stage(Readable.from([bytes]), Number.POSITIVE_INFINITY);
  const key = contentKey(tenantId, staged.sha256);
  await staged.commit(key);
  return { key, sha256: staged.sha256 };
}

function ascii(bytes: Buffer, start: number, end: number): string {
  return bytes.length >= end ? bytes.toString('latin1', start, end) : '';
}

/** The type from the first bytes (never trust the declared content type or the name). */
export function sniffMedia(bytes: Buffer): MediaMimeType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'application/pdf';
  // ISO base media: a box size, then `ftyp` and a brand (MP4, M4V, ISO, …; not QuickTime's `qt  `).
  if (ascii(bytes, 4, 8) === 'ftyp' && ascii(bytes, 8, 12) !== 'qt  ') return 'video/mp4';
  // Matroska's EBML header whose DocType is `webm` (a plain .mkv is not played by browsers).
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    return bytes.subarray(0, 64).includes('webm', 0, 'latin1') ? 'video/webm' : undefined;
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
