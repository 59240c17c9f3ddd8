import { createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { Theme } from '@antrean/shared/domain/theme';
import { generatePalette, readableTextOn } from './palette';

/** Mantine theme from the tenant's theme: generated `brand`/`accent` palettes, fonts. */
export function buildMantineTheme(theme: Theme): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: { light: 6, dark: 5 },
    colors: { brand: generatePalette(theme.primaryColor), accent: generatePalette(theme.secondaryColor) },
    fontFamily: theme.fontFamily,
    headings: { fontFamily: theme.headingFontFamily },
    autoContrast: true,
    defaultRadius: 'md',
    focusRing: 'auto',
    cursorType: 'pointer',
  });
}

/** CSS variables the app's own styles use for tenant colours (sidebar, page background). */
export function tenantCssVariables(theme: Theme): CSSVariablesResolver {
  const sidebarText = readableTextOn(theme.sidebarBackground);
  const variables = {
    '--antrean-sidebar-bg': theme.sidebarBackground,
    '--antrean-sidebar-fg': sidebarText,
    '--antrean-page-bg': theme.pageBackground,
  };
  // Mantine's default dimmed grey (gray.6) is 3.3:1 on white; gray.7 meets WCAG AA for body text.
  return () => ({ variables, light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' }, dark: {} });
}
