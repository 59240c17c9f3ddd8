import 'i18next';
import type { AppResources } from '@/lib/i18n-resources';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: AppResources;
    returnNull: false;
  }
}
