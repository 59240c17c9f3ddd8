import fs from 'node:fs';
import { newId } from '@antrean/shared/common/ids';
import type { Actor } from '../../lib/actor';
import type { ServiceDeps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertBranchAccess, requireTenantStaff, tenantOf } from '../../lib/policy';
import { can } from '@antrean/shared/auth/permissions';
import {
  IMAGE_RULES,
  PHOTO_MAX_BYTES,
  fileUrl,
  type ImagePurpose,
  type StoredImage,
} from '@antrean/shared/contracts/files.contract';
import { resolveStorage, sniffImage, storageKey, writeStored } from './file.storage';
import * as repo from './file.repository';

export function createFileService(deps: ServiceDeps) {
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
    const mime = sniffImage(bytes);
    if (!mime || mime === 'image/x-icon') throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (bytes.length > PHOTO_MAX_BYTES) throw new AppError('PAYLOAD_TOO_LARGE');
    const now = deps.clock.now();
    const id = newId(now);
    const key = storageKey(tenantId, id);
    const { sha256 } = await writeStored(deps.config.dataDir, key, bytes);
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

  /** Who may upload an image for `purpose`: their own photo any staff member; the rest the tenant's admins. */
  function assertImageUpload(actor: Actor, purpose: ImagePurpose): void {
    const staff = requireTenantStaff(actor);
    if (purpose !== 'avatar' && !can(staff.role, 'tenant.configure')) throw new AppError('FORBIDDEN');
  }

  /**
   * Stores an image of `tenantId` (its type read from the bytes, its size bounded by the purpose)
   * and answers its id and address. The tenants module calls it for a tenant's logo (the
   * superadmin uploads into the tenant it is editing); routes call `saveImage`.
   */
  async function storeImage(
    tenantId: string,
    createdBy: string | null,
    purpose: ImagePurpose,
    bytes: Buffer,
    originalName: string,
  ): Promise<StoredImage> {
    const rule = IMAGE_RULES[purpose];
    const mime = sniffImage(bytes);
    if (!mime || !rule.types.includes(mime)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
    if (bytes.length > rule.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
    const now = deps.clock.now();
    const id = newId(now);
    const key = storageKey(tenantId, id);
    const { sha256 } = await writeStored(deps.config.dataDir, key, bytes);
    await uow.transaction((trx) =>
      repo.insertFile(trx, {
        id,
        tenant_id: tenantId,
        kind: purpose,
        original_name: originalName.slice(0, 200),
        mime_type: mime,
        size_bytes: bytes.length,
        sha256,
        storage_key: key,
        created_by: createdBy,
        created_at: now,
      }),
    );
    return { id, url: fileUrl(id), mimeType: mime, sizeBytes: bytes.length };
  }

  /** An image uploaded by a staff member of the tenant (see `assertImageUpload`). */
  async function saveImage(
    actor: Actor,
    purpose: ImagePurpose,
    bytes: Buffer,
    originalName: string,
  ): Promise<StoredImage> {
    assertImageUpload(actor, purpose);
    const staff = requireTenantStaff(actor);
    return storeImage(staff.tenantId, staff.userId, purpose, bytes, originalName);
  }

  /** A stored file of the actor's tenant (another tenant's id answers 404). */
  async function open(
    actor: Actor,
    fileId: string,
  ): Promise<{ stream: fs.ReadStream; mime: string; size: number; name: string }> {
    const tenantId = tenantOf(actor);
    const row = await uow.read((db) => repo.findFile(db, tenantId, fileId));
    if (!row) throw new AppError('NOT_FOUND');
    // Photos (a customer's, a user's own) are personal data: staff only.
    if ((row.kind === 'photo' || row.kind === 'avatar') && actor.kind !== 'staff') {
      throw new AppError('NOT_FOUND');
    }
    const full = resolveStorage(deps.config.dataDir, row.storage_key);
    try {
      await fs.promises.access(full);
    } catch {
      throw new AppError('NOT_FOUND');
    }
    return {
      stream: fs.createReadStream(full),
      mime: row.mime_type,
      size: row.size_bytes,
      name: row.original_name,
    };
  }

  /**
   * A branding image for anyone (kiosks, displays, on-site pages, browsers' favicons): only a file
   * that is a theme's logo, favicon or background or a tenant's logo right now, of an active
   * tenant. Everything else — unknown, a photo, an avatar, an inactive tenant's — is one 404.
   */
  async function openBranding(
    fileId: string,
  ): Promise<{ stream: fs.ReadStream; mime: string; size: number; etag: string }> {
    const row = await uow.read((db) => repo.findBrandingFile(db, fileId));
    if (!row) throw new AppError('NOT_FOUND');
    const full = resolveStorage(deps.config.dataDir, row.storage_key);
    try {
      await fs.promises.access(full);
    } catch {
      throw new AppError('NOT_FOUND');
    }
    return {
      stream: fs.createReadStream(full),
      mime: row.mime_type,
      size: row.size_bytes,
      etag: `"${row.sha256}"`,
    };
  }

  return { assertPhotoTarget, savePhoto, assertImageUpload, storeImage, saveImage, open, openBranding };
}

export type FileService = ReturnType<typeof createFileService>;
