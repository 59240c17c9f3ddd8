import { z } from 'zod';
import { IdSchema } from '../common/ids';
import { MIN_CONTRAST, contrastRatio } from '../common/contrast';
import { THEME_LABEL_KEYS, THEME_LABEL_MAX } from './theme-labels';

export const THEME_NAME_MAX = 60;
/** Fonts every screen can show without downloading anything (system stacks). */
export const THEME_FONTS = [
  'Inter, system-ui, sans-serif',
  'Arial, Helvetica, sans-serif',
  'Georgia, serif',
  'Verdana, Geneva, sans-serif',
  'Tahoma, Geneva, sans-serif',
  '"Trebuchet MS", sans-serif',
] as const;

const Color = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'v.color' });

const LabelText = z.string().trim().max(THEME_LABEL_MAX);

/**
 * The renamed labels of the device screens (`theme-labels.ts`): only the listed keys, each an
 * Indonesian and an English text of at most 40 characters; blank keeps the product's text.
 */
const ThemeLabelsSchema = z
  .partialRecord(z.enum(THEME_LABEL_KEYS), z.object({ id: LabelText, en: LabelText }).strict())
  .meta({ id: 'ThemeLabels' });

/** A theme template of the tenant (`/dashboard/tema`); one of them may be the active theme. */
export const ThemeTemplateSchema = z
  .object({
    id: IdSchema,
    name: z.string().trim().min(1).max(THEME_NAME_MAX),
    primaryColor: Color,
    secondaryColor: Color,
    sidebarBackground: Color,
    pageBackground: Color,
    displayBackground: Color,
    displayTextColor: Color,
    fontFamily: z.enum(THEME_FONTS, { error: 'v.mustChoose' }),
    headingFontFamily: z.enum(THEME_FONTS, { error: 'v.mustChoose' }),
    /** Uploaded images (`POST /api/v1/files/images?purpose=logo|favicon|background`), or null. */
    logoFileId: IdSchema.nullable(),
    faviconFileId: IdSchema.nullable(),
    /** Shown behind the kiosk, the displays and the on-site page, under a veil of their background colour. */
    backgroundFileId: IdSchema.nullable(),
    labels: ThemeLabelsSchema,
    /** Is it the tenant's active theme (kiosks and displays show it)? */
    isActive: z.boolean(),
  })
  .meta({ id: 'ThemeTemplate' });
export type ThemeTemplate = z.infer<typeof ThemeTemplateSchema>;

/**
 * What an admin saves. The display's text must stay readable on its background (WCAG AA,
 * 4.5:1): the pair is refused below it (`displayTextColor: v.contrast`).
 */
export const ThemeInputSchema = ThemeTemplateSchema.omit({ id: true, isActive: true })
  .strict()
  .superRefine((value, ctx) => {
    if (
      /^#[0-9a-fA-F]{6}$/.test(value.displayTextColor) &&
      /^#[0-9a-fA-F]{6}$/.test(value.displayBackground) &&
      contrastRatio(value.displayTextColor, value.displayBackground) < MIN_CONTRAST
    ) {
      ctx.addIssue({ code: 'custom', path: ['displayTextColor'], message: 'v.contrast' });
    }
  });
export type ThemeInput = z.infer<typeof ThemeInputSchema>;
