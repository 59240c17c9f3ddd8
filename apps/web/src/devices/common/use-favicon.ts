import { useEffect } from 'react';

const PRODUCT_ICON = '/favicon.svg';

/**
 * The tab's icon follows the tenant's theme (its favicon, or the product's own): the page's
 * `<link rel="icon">` is pointed at it, so a new active theme changes it without a reload.
 */
export function useFavicon(url: string | null | undefined): void {
  useEffect(() => {
    let link = document.head.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    const href = url ?? PRODUCT_ICON;
    if (link.getAttribute('href') === href) return;
    link.setAttribute('href', href);
    if (url) link.removeAttribute('type');
    else link.type = 'image/svg+xml';
  }, [url]);
}
