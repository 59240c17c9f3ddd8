import { Readable } from 'node:stream';
import { newId } from '@antrean/shared/common/ids';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, requireTenantStaff, tenantOf } from '../../lib/policy';
import { can } from '@antrean/shared/auth/permissions';
import {
  PHOTO_MAX_BYTES,
  UPLOAD_RULES,
  fileUrl,
  uploadMaxBytes,
  type ImageMimeType,
  type ImagePurpose,
  type StoredFile,
  type StoredImage,
  type UploadPurpose,
} from '@antrean/shared/contracts/files.contract';
import { contentKey, createFolderStorage, sniffMedia, storeBytes, type FileStorage } from './file.storage';
import * as repo from './file.repository';

/** A stored file ready to be sent: the route adds the HTTP (ETag, ranges, caching). */
export interface ServedFile {
  mime: string;
  size: number;
  /** The content hash, quoted: the same id always has the same bytes. */
  etag: string;
  name: string;
  read(range?: { start: number; end: number }): Readable;
}

function isImageMime(mime: string): mime is ImageMimeType {
  return mime.startsWith('image/');
}

export function createFileService(
  deps: ServiceDeps,
  storage: FileStorage = createFolderStorage(deps.config.dataDir),
) {
  const { uow } = deps;

  /** The customer's photo for a ticket (services with "customer photo"), from the branch's kiosk or an operator. */
  /** The ticket must be the actor's (404 otherwise) before anything of the upload is read. */
  async function assertPhotoTarget(actor: Actor, ticketId: string): Promise<void> {
    const tenantId = tenantOf(actor);
    if (actor.kind === 'staff' && !can(actor.role, 'queue.operate')) throw new AppError('FORBIDDEN');
    const ticket = await uow.read((db) => repo.findTicketBranch(db, tenantId, ticketId));
    if (!ticket) throw new AppError('NOT_FOUND');
    assertBranchAccess(actor, ticket.branch_id);
  }

  async function savePhoto(
    actor: Actor,
    ticketId: string,
    bytes: Buffer,
    originalName: string,
  ): Promise<void> {
    await assertPhotoTarget(actor, ticketId);
    const tenantId = tenantOf(actor);
    const mime = sniffMedia(bytes);
    if (!mime || !isImageMime(mime) || mime === 'image/x-icon') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const now = deps.clock.now();
    const id = newId(now);
    const { key, sha256 } = await storeBytes(storage, tenantId, bytes);
    await uow.transaction(async (trx) => {
      await repo.insertFile(trx, {
        id,
        tenant_id: tenantId,
        kind: 'photo',
        original_name: originalName.slice(0, 200),
        mime_type: mime,
        size_bytes: bytes.length,
        sha256,
        storage_key: key,
        created_by: actor.kind === 'staff' ? actor.userId : actor.kind === 'kiosk' ? actor.deviceId : null,
        created_at: now,
      });
      await repo.setTicketPhoto(trx, tenantId, ticketId, id, now);
    });
  }

  /** Who may upload for `purpose`: their own photo any staff member; the rest the tenant's admins. */
  function assertUpload(actor: Actor, purpose: UploadPurpose): void {
    const staff = requireTenantStaff(actor);
    if (purpose !== 'avatar' && !can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
  }

  /** The size bound of a purpose under the configured kind limits. */
  function maxBytes(purpose: UploadPurpose): number {
    return uploadMaxBytes(purpose, deps.config.uploadLimits);
  }

  /**
   * Stores a file of `tenantId` streamed from `source`: set aside while hashed and counted, typed
   * from its first bytes, then filed under its content hash. The same bytes for the same purpose
   * answer the existing file; a wrong type (415) or too many bytes (413) keeps nothing.
   */
  async function storeStream(
    tenantId: string,
    createdBy: string | null,
    purpose: UploadPurpose,
    source: Readable,
    originalName: string,
  ): Promise<StoredFile> {
    const rule = UPLOAD_RULES[purpose];
    const staged = await storage.stage(source, maxBytes(purpose));
    if (staged.tooLarge) throw new AppError('PAYLOAD_TOO_LARGE');
    const mime = sniffMedia(staged.head);
    if (!mime || !rule.types.includes(mime) || staged.size === 0) {
      await staged.discard();
      throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    }
    const key = contentKey(tenantId, staged.sha256);
    await staged.commit(key);
    const now = deps.clock.now();
    const row = await uow.transaction(async (trx) => {
      const existing = await repo.findFileByHash(trx, tenantId, staged.sha256, purpose);
      if (existing) return existing;
      const inserted = {
        id: newId(now),
        tenant_id: tenantId,
        kind: purpose,
        original_name: originalName.slice(0, 200),
        mime_type: mime,
        size_bytes: staged.size,
        sha256: staged.sha256,
        storage_key: key,
        created_by: createdBy,
        created_at: now,
      };
      await repo.insertFile(trx, inserted);
      return inserted;
    });
    return { id: row.id, url: fileUrl(row.id), kind: rule.kind, mimeType: mime, sizeBytes: row.size_bytes };
  }

  /** A file uploaded by a staff member of the tenant (see `assertUpload`). */
  async function upload(
    actor: Actor,
    purpose: UploadPurpose,
    source: Readable,
    originalName: string,
  ): Promise<StoredFile> {
    assertUpload(actor, purpose);
    const staff = requireTenantStaff(actor);
    return storeStream(staff.tenantId, staff.userId, purpose, source, originalName);
  }

  function asImage(stored: StoredFile): StoredImage {
    if (!isImageMime(stored.mimeType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    return { id: stored.id, url: stored.url, mimeType: stored.mimeType, sizeBytes: stored.sizeBytes };
  }

  /**
   * Stores an image of `tenantId` (its type read from the bytes, its size bounded by the purpose)
   * and answers its id and address. The tenants module calls it for a tenant's logo (the
   * superadmin uploads into the tenant it is editing).
   */
  async function storeImage(
    tenantId: string,
    createdBy: string | null,
    purpose: ImagePurpose,
    bytes: Buffer,
    originalName: string,
  ): Promise<StoredImage> {
    return asImage(await storeStream(tenantId, createdBy, purpose, Readable.from([bytes]), originalName));
  }

  /** An image uploaded by a staff member (`POST /api/v1/files/images`, kept for the image fields). */
  async function saveImage(
    actor: Actor,
    purpose: ImagePurpose,
    source: Readable,
    originalName: string,
  ): Promise<StoredImage> {
    return asImage(await upload(actor, purpose, source, originalName));
  }

  async function serve(row: {
    mime_type: string;
    size_bytes: number;
    sha256: string;
    storage_key: string;
    original_name?: string;
  }): Promise<ServedFile> {
    const size = await storage.size(row.storage_key);
    if (size === undefined) throw new AppError('NOT_FOUND');
    return {
      mime: row.mime_type,
      size,
      etag: `"${row.sha256}"`,
      name: row.original_name ?? 'file',
      read: (range) => storage.read(row.storage_key, range),
    };
  }

  /** A stored file of the actor's tenant (another tenant's id answers 404). */
  async function open(actor: Actor, fileId: string): Promise<ServedFile> {
    const tenantId = tenantOf(actor);
    const row = await uow.read((db) => repo.findFile(db, tenantId, fileId));
    if (!row) throw new AppError('NOT_FOUND');
    // Photos (a customer's, a user's own) are personal data: staff only.
    if ((row.kind === 'photo' || row.kind === 'avatar') && actor.kind !== 'staff') {
      throw new AppError('NOT_FOUND');
    }
    return serve(row);
  }

  /** A tenant's logo for the superadmin's page (the tenant-scoped file route needs a tenant). */
  async function openLogoOf(tenantId: string, fileId: string): Promise<ServedFile> {
    const row = await uow.read((db) => repo.findFile(db, tenantId, fileId));
    if (row?.kind !== 'logo') throw new AppError('NOT_FOUND');
    return serve(row);
  }

  /**
   * A branding image for anyone (kiosks, displays, on-site pages, browsers' favicons): only a file
   * that is a theme's logo, favicon or background or a tenant's logo right now, of an active
   * tenant. Everything else — unknown, a photo, an avatar, an inactive tenant's — is one 404.
   */
  async function openBranding(fileId: string): Promise<ServedFile> {
    const row = await uow.read((db) => repo.findBrandingFile(db, fileId));
    if (!row) throw new AppError('NOT_FOUND');
    return serve(row);
  }

  /**
   * A display's banner or video for anyone (a `<video src>` cannot send the display code): only
   * the file of an active banner or video of an active tenant. Anything else is one 404.
   */
  async function openDisplayMedia(fileId: string): Promise<ServedFile> {
    const row = await uow.read((db) => repo.findDisplayMediaFile(db, fileId));
    if (!row) throw new AppError('NOT_FOUND');
    return serve(row);
  }

  return {
    assertPhotoTarget,
    savePhoto,
    assertUpload,
    maxBytes,
    upload,
    storeImage,
    saveImage,
    open,
    openLogoOf,
    openBranding,
    openDisplayMedia,
  };
}

export type FileService = ReturnType<typeof createFileService>;
