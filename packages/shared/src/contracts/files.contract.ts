import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { TicketParamsSchema } from './tickets.contract';

/**
 * Uploaded files: stored under DATA_DIR by content hash behind the tenant check, typed from their
 * bytes (never from the declared content type or the name), limited in size per kind. Admin forms
 * (tenant logo, theme logo and favicon, backgrounds, a user's photo, banners, videos, guides)
 * upload first, then save the returned file id with the entity.
 */
const IMAGE_PURPOSES = ['logo', 'favicon', 'background', 'avatar'] as const;
export type ImagePurpose = (typeof IMAGE_PURPOSES)[number];

/** Every purpose a file is uploaded for (the file row's `kind`). */
const UPLOAD_PURPOSES = [...IMAGE_PURPOSES, 'banner', 'video', 'guide'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/x-icon'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

const MEDIA_MIME_TYPES = [...IMAGE_MIME_TYPES, 'video/mp4', 'video/webm', 'application/pdf'] as const;
export type MediaMimeType = (typeof MEDIA_MIME_TYPES)[number];

/** What a file is, read from its bytes: its size limit is per kind. */
export type MediaKind = 'image' | 'video' | 'pdf';

/**
 * The largest file per kind by default (the server's config may change them:
 * UPLOAD_MAX_IMAGE_BYTES, UPLOAD_MAX_PDF_BYTES, UPLOAD_MAX_VIDEO_BYTES).
 */
export const MEDIA_KIND_MAX_BYTES: Record<MediaKind, number> = {
  image: 5 * 1024 * 1024,
  pdf: 20 * 1024 * 1024,
  video: 200 * 1024 * 1024,
};

export interface UploadRule {
  kind: MediaKind;
  types: readonly MediaMimeType[];
  /** A tighter bound than the kind's (a favicon is small); none: the kind's limit. */
  maxBytes?: number;
}

/** What each purpose accepts: the kind, the types (from the bytes) and its own size bound if any. */
export const UPLOAD_RULES: Record<UploadPurpose, UploadRule> = {
  logo: { kind: 'image', types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 1024 * 1024 },
  favicon: { kind: 'image', types: ['image/png', 'image/x-icon'], maxBytes: 256 * 1024 },
  background: { kind: 'image', types: ['image/png', 'image/jpeg', 'image/webp'] },
  avatar: { kind: 'image', types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: 2 * 1024 * 1024 },
  banner: { kind: 'image', types: ['image/png', 'image/jpeg', 'image/webp'] },
  video: { kind: 'video', types: ['video/mp4', 'video/webm'] },
  guide: { kind: 'pdf', types: ['application/pdf'] },
};

/** The size bound of a purpose given the kind limits in force (the defaults in the browser). */
export function uploadMaxBytes(
  purpose: UploadPurpose,
  kindLimits: Record<MediaKind, number> = MEDIA_KIND_MAX_BYTES,
): number {
  const rule = UPLOAD_RULES[purpose];
  return Math.min(rule.maxBytes ?? Number.POSITIVE_INFINITY, kindLimits[rule.kind]);
}

/** The image purposes' rules (`POST /api/v1/files/images`, the image fields of the admin forms). */
export const IMAGE_RULES: Record<ImagePurpose, { types: readonly ImageMimeType[]; maxBytes: number }> = {
  logo: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: uploadMaxBytes('logo') },
  favicon: { types: ['image/png', 'image/x-icon'], maxBytes: uploadMaxBytes('favicon') },
  background: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: uploadMaxBytes('background') },
  avatar: { types: ['image/png', 'image/jpeg', 'image/webp'], maxBytes: uploadMaxBytes('avatar') },
};

/** The customer's photo for a ticket (kiosk or operator). */
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** Where a stored file is read (same origin, session or device code). */
export function fileUrl(fileId: string): string {
  return `/api/v1/files/${encodeURIComponent(fileId)}`;
}

/**
 * Where a display reads a banner or video without credentials (`<img>`/`<video src>` cannot send
 * the device code): only a file that is an active banner's or video's of an active tenant.
 */
export function mediaUrl(fileId: string): string {
  return `/api/v1/public/media/${encodeURIComponent(fileId)}`;
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

const StoredFileSchema = z
  .object({
    id: IdSchema,
    url: z.string(),
    kind: z.enum(['image', 'video', 'pdf']),
    mimeType: z.enum(MEDIA_MIME_TYPES),
    sizeBytes: z.number().int().min(1),
  })
  .meta({ id: 'StoredFile' });
export type StoredFile = z.infer<typeof StoredFileSchema>;

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
  upload: defineContract({
    method: 'POST',
    path: '/api/v1/files',
    summary:
      'Store a file of the tenant (multipart field `file`, streamed to disk): an image (PNG, JPEG, WebP; ' +
      'ICO for a favicon), a video (MP4, WebM) or a PDF, typed from its bytes and bounded per kind ' +
      '(image 5 MB, PDF 20 MB, video 200 MB by default). Admins upload any purpose, every staff member ' +
      'their own photo (`avatar`). The same bytes again answer the same file. Answers the id to save.',
    tags: ['files'],
    query: z.object({ purpose: z.enum(UPLOAD_PURPOSES, { error: 'v.mustChoose' }) }),
    responses: { 201: StoredFileSchema },
  }),
  download: defineContract({
    method: 'GET',
    path: '/api/v1/files/:fileId',
    summary:
      'An uploaded file of the tenant (logos, banners, videos, guides, photos): ETag, HTTP range ' +
      'requests (206/416) and long caching, since a file id never changes its bytes',
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
  media: defineContract({
    method: 'GET',
    path: '/api/v1/public/media/:fileId',
    summary:
      "A display's media, public: the file of an active banner or video of an active tenant, with " +
      'ETag, range requests and immutable caching. Any other file (or an unknown id) answers 404.',
    tags: ['files'],
    params: z.object({ fileId: IdSchema }),
    responses: { 200: z.unknown() },
  }),
};
