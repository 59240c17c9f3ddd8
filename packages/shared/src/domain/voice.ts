import { z } from 'zod';
import { VOICE_MODES } from '../voice/announcement';

export const NUMBER_STYLES = ['number', 'digits'] as const;
export const VOICE_TEMPLATE_MAX = 200;

/** A sentence template: blank (the default sentence) or text with `{number}` and only known placeholders. */
const TemplateSchema = z
  .string()
  .trim()
  .max(VOICE_TEMPLATE_MAX)
  .nullable()
  .refine((v) => v === null || v === '' || v.includes('{number}'), { error: 'v.voice.templateNumber' })
  .refine(
    (v) =>
      v === null || [...v.matchAll(/\{[^}]*\}/g)].every((m) => m[0] === '{number}' || m[0] === '{counter}'),
    {
      error: 'v.voice.templatePlaceholder',
    },
  )
  .transform((v) => (v === null || v === '' ? null : v));

/**
 * The tenant's voice (`/dashboard/parameter/mode-suara`): the mode (off, chime, Indonesian,
 * English, both; a display may override it), how numbers are read (`number`: "A dua belas",
 * `digits`: "A nol satu dua") and the sentence per language.
 */
export const VoiceSettingsSchema = z
  .object({
    mode: z.enum(VOICE_MODES),
    numberStyle: z.enum(NUMBER_STYLES),
    templateId: z.string().nullable(),
    templateEn: z.string().nullable(),
  })
  .meta({ id: 'VoiceSettings' });
export type VoiceSettingsData = z.infer<typeof VoiceSettingsSchema>;

export const VoiceSettingsInputSchema = z
  .object({
    mode: z.enum(VOICE_MODES, { error: 'v.mustChoose' }),
    numberStyle: z.enum(NUMBER_STYLES, { error: 'v.mustChoose' }),
    templateId: TemplateSchema,
    templateEn: TemplateSchema,
  })
  .strict();
export type VoiceSettingsValues = z.output<typeof VoiceSettingsInputSchema>;
