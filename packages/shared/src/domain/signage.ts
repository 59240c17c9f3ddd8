import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { DateSchema } from './holiday';
import { RUNNING_TEXT_SPEEDS } from './running-text-speed';

/**
 * What the waiting room's displays show besides the queue (`/dashboard/parameter/{rt,banner,video}`):
 * running texts, banners and videos, each shown on the displays it targets — branches and/or
 * single displays; none listed means every display of the tenant. The rules are the spec's
 * (§5): running text 10–50 characters, banner name 10–50, video name required and at most 50,
 * file and description required.
 */
const RUNNING_TEXT_MIN = 10;
export const RUNNING_TEXT_MAX = 50;
const BANNER_NAME_MIN = 10;
export const BANNER_NAME_MAX = 50;
export const VIDEO_NAME_MAX = 50;
export const VIDEO_DESCRIPTION_MAX = 500;
export const SORT_ORDER_MAX = 9999;
const TARGETS_MAX = 200;

/** Seconds a banner stays on screen. */
export const BANNER_SECONDS_MIN = 3;
export const BANNER_SECONDS_MAX = 300;

/** Where an item is shown: none of either means every display of the tenant. */
const targets = {
  branchIds: z.array(IdSchema).max(TARGETS_MAX),
  displayIds: z.array(IdSchema).max(TARGETS_MAX),
};

/** A file id the form may still hold as null (nothing uploaded yet): "please upload a file". */
const requiredFile = IdSchema.nullable().refine((v): v is string => v !== null, { error: 'v.file.required' });

const sortOrder = z.number().int({ error: 'v.number.int' }).min(0).max(SORT_ORDER_MAX);

/** A required text of `min`–`max` characters: empty says "required", otherwise the spec's range message. */
function rangedText(min: number, max: number, message: 'v.runningText.length' | 'v.banner.nameLength') {
  return z
    .string()
    .trim()
    .min(1, { error: 'v.required', abort: true })
    .min(min, { error: message })
    .max(max, { error: message });
}

export const RunningTextSchema = z
  .object({
    id: IdSchema,
    content: rangedText(RUNNING_TEXT_MIN, RUNNING_TEXT_MAX, 'v.runningText.length'),
    isActive: z.boolean(),
    speed: z.enum(RUNNING_TEXT_SPEEDS, { error: 'v.mustChoose' }),
    sortOrder,
    ...targets,
  })
  .meta({ id: 'RunningText' });
export type RunningText = z.infer<typeof RunningTextSchema>;

export const RunningTextInputSchema = RunningTextSchema.omit({ id: true }).strict();
export type RunningTextInput = z.infer<typeof RunningTextInputSchema>;

export const BannerSchema = z
  .object({
    id: IdSchema,
    name: rangedText(BANNER_NAME_MIN, BANNER_NAME_MAX, 'v.banner.nameLength'),
    /** The uploaded image (`POST /api/v1/files?purpose=banner`); required when saved. */
    fileId: IdSchema.nullable(),
    isActive: z.boolean(),
    /** The first and last branch-local day it is shown (inclusive); null: open-ended. */
    startsOn: DateSchema.nullable(),
    endsOn: DateSchema.nullable(),
    durationSeconds: z
      .number()
      .int({ error: 'v.number.int' })
      .min(BANNER_SECONDS_MIN)
      .max(BANNER_SECONDS_MAX),
    sortOrder,
    ...targets,
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof BannerSchema>;

export const BannerInputSchema = BannerSchema.omit({ id: true })
  .extend({ fileId: requiredFile })
  .strict()
  .superRefine((value, ctx) => {
    if (value.startsOn && value.endsOn && value.endsOn < value.startsOn) {
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: 'v.banner.period' });
    }
  });
export type BannerInput = z.infer<typeof BannerInputSchema>;

export const VideoSchema = z
  .object({
    id: IdSchema,
    name: z.string().trim().min(1, { error: 'v.required' }).max(VIDEO_NAME_MAX),
    /** The uploaded MP4 or WebM (`POST /api/v1/files?purpose=video`); required when saved. */
    fileId: IdSchema.nullable(),
    description: z.string().trim().min(1, { error: 'v.required' }).max(VIDEO_DESCRIPTION_MAX),
    isActive: z.boolean(),
    sortOrder,
    ...targets,
  })
  .meta({ id: 'Video' });
export type Video = z.infer<typeof VideoSchema>;

export const VideoInputSchema = VideoSchema.omit({ id: true }).extend({ fileId: requiredFile }).strict();
export type VideoInput = z.infer<typeof VideoInputSchema>;
