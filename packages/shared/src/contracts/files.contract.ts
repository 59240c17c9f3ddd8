import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { TicketParamsSchema } from './tickets.contract';

/**
 * Uploaded files: stored under DATA_DIR behind the tenant check, typed from their bytes (never
 * from the declared content type), limited in size. Admin forms (tenant logo, theme logo and
 * favicon, backgrounds, a user's photo) upload first, then save the returned file id with the
 * entity.
 */
const IMAGE_PURPOSES = ['logo', 'favicon', 'background', 'avatar'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/** What each purpose accepts: the types (from the bytes) and the largest size. */
export const IMAGE_RULES: Record<ImagePurpose, { types: readonly ImageMimeType[]; maxBytes: number }> = {
  logo: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 1024 * 1024 },
  favicon: { types: ['image/png', 'image/x-icon'], maxBytes: 256 * 1024 },
  background: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 5 * 1024 * 1024 },
  avatar: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024 },
};

/** The customer's photo for a ticket (kiosk or operator). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Where a stored file is read (same origin, session or device code). */
export function fileUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}`;
}

/**
 * Where a branding image (a theme's logo, favicon or background, a tenant's logo) is read without
 * credentials: a plain `<img src>` or `<link rel=icon>` on a kiosk, display or on-site screen
 * cannot send the device code that `fileUrl` needs.
 */
export function brandingUrl(fileId: string): string {
  return `/api/v1/public/branding/${encodeURIComponent(fileId)}`;
}

export const StoredImageSchema = z
  .object({
    id: IdSchema,
    url: z.string(),
    mimeType: z.enum(IMAGE_MIME_TYPES),
    sizeBytes: z.number().int().min(1),
  })
  .meta({ id: 'StoredImage' });
export type StoredImage = z.infer<typeof StoredImageSchema>;

export const filesContract = {
  uploadPhoto: defineContract({
    method: 'POST',
    path: '/api/v1/tickets/:ticketId/photo',
    summary: "Store the customer's photo for a ticket (multipart field `photo`: JPEG, PNG or WebP, ≤ 2 MB)",
    tags: ['files'],
    params: TicketParamsSchema,
    responses: { 204: z.null() },
  }),
  uploadImage: defineContract({
    method: 'POST',
    path: '/api/v1/files/images',
    summary:
      'Store an image of the tenant (multipart field `file`): a logo, favicon or background (admin), or ' +
      "the signed-in user's own photo (`avatar`). Answers the file id to save with the entity.",
    tags: ['files'],
    query: z.object({ purpose: z.enum(IMAGE_PURPOSES, { error: 'v.mustChoose' }) }),
    responses: { 201: StoredImageSchema },
  }),
  download: defineContract({
    method: 'GET',
    path: '/api/v1/files/:fileId',
    summary: 'An uploaded file of the tenant (logos, banners, videos, photos, e-form files)',
    tags: ['files'],
    params: z.object({ fileId: IdSchema }),
    responses: { 200: z.unknown() },
  }),
  brandingImage: defineContract({
    method: 'GET',
    path: '/api/v1/public/branding/:fileId',
    summary:
      "A branding image, public: a theme's logo, favicon or background, or a tenant's logo, of an " +
      'active tenant. Any other file (or an unknown id) answers 404.',
    tags: ['files'],
    params: z.object({ fileId: IdSchema }),
    responses: { 200: z.unknown() },
  }),
};
