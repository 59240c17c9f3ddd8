import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { VOICE_MODES } from '../voice/announcement';

/** The longest device name ("Layar Antrean Lantai 2 Ruang Tunggu" fits on the admin table). */
export const DEVICE_NAME_MAX = 60;
/** Thermal receipt widths the kiosk prints for. */
export const PAPER_WIDTHS = [58, 80] as const;
/** The four display layouts (`/display`, `/new-display`, `/big-display`, `/pos-display`). */
export const DISPLAY_LAYOUT_NAMES = ['classic', 'modern', 'big', 'pos'] as const;
/** A kiosk or display shows at most this many services (none listed: all of the branch's). */
const DEVICE_SERVICES_MAX = 50;

const name = z.string().trim().min(1).max(DEVICE_NAME_MAX);

/** A kiosk's settings as an admin edits them. */
export const KioskSettingsSchema = z
  .object({
    id: IdSchema,
    branchId: IdSchema,
    name,
    paperWidthMm: z.union(
      PAPER_WIDTHS.map((w) => z.literal(w)),
      { error: 'v.mustChoose' },
    ),
    /** The services it offers; empty: every service of the branch shown on kiosks. */
    serviceIds: z.array(IdSchema).max(DEVICE_SERVICES_MAX),
    isActive: z.boolean(),
  })
  .meta({ id: 'KioskSettings' });
export type KioskSettings = z.infer<typeof KioskSettingsSchema>;

export const KioskInputSchema = KioskSettingsSchema.pick({
  name: true,
  paperWidthMm: true,
  serviceIds: true,
  isActive: true,
}).strict();
export type KioskInput = z.infer<typeof KioskInputSchema>;

const DisplayFieldsSchema = z.object({
  name,
  layout: z.enum(DISPLAY_LAYOUT_NAMES, { error: 'v.mustChoose' }),
  /** The counter a `pos` display belongs to (required for it; null for the other layouts). */
  counterId: IdSchema.nullable(),
  /** The services whose calls it shows; empty: all of the branch's services. */
  serviceIds: z.array(IdSchema).max(DEVICE_SERVICES_MAX),
  /** The voice mode; null follows the branch's voice settings. */
  voiceMode: z.enum(VOICE_MODES, { error: 'v.mustChoose' }).nullable(),
  isActive: z.boolean(),
});

/** A display's settings as an admin edits them. */
export const DisplaySettingsSchema = DisplayFieldsSchema.extend({ id: IdSchema, branchId: IdSchema }).meta({
  id: 'DisplaySettings',
});
export type DisplaySettings = z.infer<typeof DisplaySettingsSchema>;

/** A pos display shows one counter's calls: it must name it. */
function posNeedsCounter(value: { layout?: string; counterId?: string | null }, ctx: z.RefinementCtx): void {
  if (value.layout === 'pos' && !value.counterId) {
    ctx.addIssue({ code: 'custom', path: ['counterId'], message: 'v.mustChoose' });
  }
}

/** What an admin saves for a display (the form and the request share it). */
export const DisplayInputSchema = DisplayFieldsSchema.strict().superRefine(posNeedsCounter);
export type DisplayInput = z.infer<typeof DisplayInputSchema>;

/** An edit: any of the fields (the server checks the pos counter on the result). */
export const DisplayPatchSchema = DisplayFieldsSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type DisplayPatch = z.infer<typeof DisplayPatchSchema>;

export const KioskPatchSchema = KioskInputSchema.partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, { error: 'v.required' });
export type KioskPatch = z.infer<typeof KioskPatchSchema>;
