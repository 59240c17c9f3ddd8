import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { i18n } from '@/lib/i18n';

// Lazy routes and Mantine transitions can take a while on a loaded CI machine.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks these browser APIs; Mantine (media queries, ScrollArea, Combobox) uses them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList,
});

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
Element.prototype.scrollIntoView = () => undefined;
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => undefined });

beforeEach(async () => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  await i18n.changeLanguage('id');
});

afterEach(() => {
  cleanup();
});
