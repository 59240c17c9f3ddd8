import { z } from 'zod';
import { defineContract } from './contract';
import { IdSchema } from '../common/ids';
import { ThemeInputSchema, ThemeTemplateSchema } from '../domain/theme-template';
import { listPageSchema, listQuerySchema } from './list';

/**
 * Theme templates (`/dashboard/tema`, admin): colours, fonts, logo and favicon. Choosing the
 * active one shows it on every kiosk and display of the tenant at once (`theme.updated`).
 */
export const THEME_SORT_FIELDS = ['name'] as const;
export type ThemeSortField = (typeof THEME_SORT_FIELDS)[number];

export const ThemeListQuerySchema = listQuerySchema({
  sortFields: THEME_SORT_FIELDS,
  defaultSort: 'name',
  filters: {},
});
export type ThemeListQuery = z.infer<typeof ThemeListQuerySchema>;

const ThemeListSchema = listPageSchema(ThemeTemplateSchema).meta({ id: 'ThemeList' });
export type ThemeList = z.infer<typeof ThemeListSchema>;

const ThemeParamsSchema = z.object({ themeId: IdSchema });
const ActivateThemeBodySchema = z.object({ themeId: IdSchema.nullable() }).strict();

export const themesContract = {
  list: defineContract({
    method: 'GET',
    path: '/api/v1/themes',
    summary: "The tenant's theme templates, page by page, with search and sort (admin)",
    tags: ['themes'],
    query: ThemeListQuerySchema,
    responses: { 200: ThemeListSchema },
  }),
  create: defineContract({
    method: 'POST',
    path: '/api/v1/themes',
    summary: 'Add a theme template (admin, audited)',
    tags: ['themes'],
    body: ThemeInputSchema,
    responses: { 201: ThemeTemplateSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/themes/:themeId',
    summary: 'Save a theme template; if it is the active one the screens follow at once (admin, audited)',
    tags: ['themes'],
    params: ThemeParamsSchema,
    body: ThemeInputSchema,
    responses: { 200: ThemeTemplateSchema },
  }),
  remove: defineContract({
    method: 'DELETE',
    path: '/api/v1/themes/:themeId',
    summary: 'Delete a theme template that is not the active one (admin, audited)',
    tags: ['themes'],
    params: ThemeParamsSchema,
    responses: { 204: z.null() },
  }),
  activate: defineContract({
    method: 'PUT',
    path: '/api/v1/themes/active',
    summary: "Choose the tenant's active theme (null: the product's own); kiosks and displays follow live",
    tags: ['themes'],
    body: ActivateThemeBodySchema,
    responses: { 200: z.object({ themeId: IdSchema.nullable() }) },
  }),
};
