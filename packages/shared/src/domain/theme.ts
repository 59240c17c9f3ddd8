import { z } from 'zod';
import { THEME_LABEL_KEYS } from './theme-labels';

const Color = z.string().regex(/^#[0-9a-fA-F]{6}$/, { error: 'v.format' });

export const ThemeSchema = z
  .object({
    name: z.string(),
    primaryColor: Color,
    secondaryColor: Color,
    sidebarBackground: Color,
    pageBackground: Color,
    displayBackground: Color,
    displayTextColor: Color,
    fontFamily: z.string(),
    headingFontFamily: z.string(),
    /** The screens' renamed labels (`theme-labels.ts`), blank texts left out. */
    labels: z.partialRecord(
      z.enum(THEME_LABEL_KEYS),
      z.object({ id: z.string().optional(), en: z.string().optional() }),
    ),
    /** URL of the tenant logo / favicon / background image, or null for the product's own. */
    logoUrl: z.string().nullable(),
    faviconUrl: z.string().nullable(),
    backgroundUrl: z.string().nullable(),
    tenantName: z.string().nullable(),
  })
  .meta({ id: 'Theme' });
export type Theme = z.infer<typeof ThemeSchema>;

/** The product's own look, used before sign-in and when a tenant has no theme. */
export const DEFAULT_THEME: Theme = {
  name: 'Antrean',
  primaryColor: '#0b5cab',
  secondaryColor: '#f59f00',
  sidebarBackground: '#0a2540',
  pageBackground: '#f5f7fa',
  displayBackground: '#0a2540',
  displayTextColor: '#ffffff',
  fontFamily: 'Inter, system-ui, sans-serif',
  headingFontFamily: 'Inter, system-ui, sans-serif',
  labels: {},
  logoUrl: null,
  faviconUrl: null,
  backgroundUrl: null,
  tenantName: null,
};
