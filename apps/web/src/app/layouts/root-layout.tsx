import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { useTenantTheme } from '@/lib/session';
import classes from './root-layout.module.css';

const DEFAULT_FAVICON = '/favicon.svg';

/** Points `<link rel=icon>` at the tenant's favicon (the theme's favicon path setting). */
function useThemeHead(faviconUrl: string | null, primaryColor: string): void {
  useEffect(() => {
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.appendChild(link);
    }
    const href = faviconUrl ?? DEFAULT_FAVICON;
    link.href = href;
    if (href.endsWith('.svg')) link.type = 'image/svg+xml';
    else link.removeAttribute('type');
  }, [faviconUrl]);

  useEffect(() => {
    document
      .querySelector<HTMLMetaElement>('meta[name="theme-color"]')
      ?.setAttribute('content', primaryColor);
  }, [primaryColor]);
}

/** The root route: head tags from the theme, a progress bar while the next screen loads. */
export function RootLayout() {
  const { theme } = useTenantTheme();
  useThemeHead(theme.faviconUrl, theme.primaryColor);
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';

  return (
    <>
      {busy ? <div className={classes.progress} aria-hidden /> : null}
      <Outlet />
    </>
  );
}
