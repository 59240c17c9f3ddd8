import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import {
  BannerInputSchema,
  BannerSchema,
  RunningTextInputSchema,
  RunningTextSchema,
  VideoInputSchema,
  VideoSchema,
} from '../domain/signage';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Running texts, banners and videos (`/dashboard/parameter/{rt,banner,video}`, admin, audited).
 * A change reaches the displays it concerns at once (`media.updated` on their topics).
 */
export const RUNNING_TEXT_SORT_FIELDS = ['sortOrder', 'content'] as const;
export const BANNER_SORT_FIELDS = ['sortOrder', 'name', 'startsOn'] as const;
export const VIDEO_SORT_FIELDS = ['sortOrder', 'name'] as const;
export type RunningTextSortField = (typeof RUNNING_TEXT_SORT_FIELDS)[number];
export type BannerSortField = (typeof BANNER_SORT_FIELDS)[number];
export type VideoSortField = (typeof VIDEO_SORT_FIELDS)[number];

export const RunningTextListQuerySchema = listQuerySchema({
  sortFields: RUNNING_TEXT_SORT_FIELDS,
  defaultSort: 'sortOrder',
  filters: {},
});
export type RunningTextListQuery = z.infer<typeof RunningTextListQuerySchema>;
export const BannerListQuerySchema = listQuerySchema({
  sortFields: BANNER_SORT_FIELDS,
  defaultSort: 'sortOrder',
  filters: {},
});
export type BannerListQuery = z.infer<typeof BannerListQuerySchema>;
export const VideoListQuerySchema = listQuerySchema({
  sortFields: VIDEO_SORT_FIELDS,
  defaultSort: 'sortOrder',
  filters: {},
});
export type VideoListQuery = z.infer<typeof VideoListQuerySchema>;

const RunningTextListSchema = listPageSchema(RunningTextSchema).meta({ id: 'RunningTextList' });
export type RunningTextList = z.infer<typeof RunningTextListSchema>;
const BannerListSchema = listPageSchema(BannerSchema).meta({ id: 'BannerList' });
export type BannerList = z.infer<typeof BannerListSchema>;
const VideoListSchema = listPageSchema(VideoSchema).meta({ id: 'VideoList' });
export type VideoList = z.infer<typeof VideoListSchema>;

const RunningTextParamsSchema = z.object({ runningTextId: IdSchema });
const BannerParamsSchema = z.object({ bannerId: IdSchema });
const VideoParamsSchema = z.object({ videoId: IdSchema });

/** What an item can target: the tenant's branches and displays (the form's two pickers). */
const TargetOptionsSchema = z
  .object({
    branches: z.array(z.object({ id: IdSchema, code: z.string(), name: z.string(), isActive: z.boolean() })),
    displays: z.array(
      z.object({
        id: IdSchema,
        code: z.string(),
        name: z.string(),
        branchId: IdSchema,
        isActive: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'SignageTargetOptions' });
export type TargetOptions = z.infer<typeof TargetOptionsSchema>;

export const signageTargetsContract = defineContract({
  method: 'GET',
  path: '/api/v1/signage/targets',
  summary: 'The branches and displays a running text, banner or video can be shown on (admin)',
  tags: ['signage'],
  responses: { 200: TargetOptionsSchema },
});

export const runningTextsContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/running-texts',
    summary: "The tenant's running texts, page by page, with search and sort (admin)",
    tags: ['signage'],
    query: RunningTextListQuerySchema,
    responses: { 200: RunningTextListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/running-texts',
    summary: 'Add a running text (admin, audited); its displays show it at once',
    tags: ['signage'],
    body: RunningTextInputSchema,
    responses: { 201: RunningTextSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/running-texts/:runningTextId',
    summary: 'Save a running text (admin, audited); its displays follow at once',
    tags: ['signage'],
    params: RunningTextParamsSchema,
    body: RunningTextInputSchema,
    responses: { 200: RunningTextSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/running-texts/:runningTextId',
    summary: 'Delete a running text (admin, audited)',
    tags: ['signage'],
    params: RunningTextParamsSchema,
    responses: { 204: z.null() },
  }),
};

export const bannersContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/banners',
    summary: "The tenant's banners, page by page, with search and sort (admin)",
    tags: ['signage'],
    query: BannerListQuerySchema,
    responses: { 200: BannerListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/banners',
    summary: 'Add a banner: an uploaded image, its period and seconds on screen (admin, audited)',
    tags: ['signage'],
    body: BannerInputSchema,
    responses: { 201: BannerSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/banners/:bannerId',
    summary: 'Save a banner (admin, audited); its displays follow at once',
    tags: ['signage'],
    params: BannerParamsSchema,
    body: BannerInputSchema,
    responses: { 200: BannerSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/banners/:bannerId',
    summary: 'Delete a banner (admin, audited)',
    tags: ['signage'],
    params: BannerParamsSchema,
    responses: { 204: z.null() },
  }),
};

export const videosContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/videos',
    summary: "The tenant's videos, page by page, with search and sort (admin)",
    tags: ['signage'],
    query: VideoListQuerySchema,
    responses: { 200: VideoListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/videos',
    summary: 'Add a video: an uploaded MP4 or WebM with its description (admin, audited)',
    tags: ['signage'],
    body: VideoInputSchema,
    responses: { 201: VideoSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/videos/:videoId',
    summary: 'Save a video (admin, audited); its displays follow at once',
    tags: ['signage'],
    params: VideoParamsSchema,
    body: VideoInputSchema,
    responses: { 200: VideoSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/videos/:videoId',
    summary: 'Delete a video (admin, audited)',
    tags: ['signage'],
    params: VideoParamsSchema,
    responses: { 204: z.null() },
  }),
};
