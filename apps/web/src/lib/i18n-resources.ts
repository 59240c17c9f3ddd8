import type { Resource } from 'i18next';
import type { ErrorCode } from '@antrean/shared/errors/codes';
import { ERROR_MESSAGES } from '@antrean/shared/i18n/errors';
import { LANGUAGES, type Language } from '@antrean/shared/i18n/lang';
import { VALIDATION_MESSAGES, type ValidationMessageKey } from '@antrean/shared/i18n/validation';
import idCommon from '@/locales/id/common.json';
import enCommon from '@/locales/en/common.json';
import idAuth from '@/locales/id/auth.json';
import enAuth from '@/locales/en/auth.json';
import idCaller from '@/locales/id/caller.json';
import enCaller from '@/locales/en/caller.json';
import idDashboard from '@/locales/id/dashboard.json';
import enDashboard from '@/locales/en/dashboard.json';
import idOperator from '@/locales/id/operator.json';
import enOperator from '@/locales/en/operator.json';
import idSupervisor from '@/locales/id/supervisor.json';
import enSupervisor from '@/locales/en/supervisor.json';
import idDevices from '@/locales/id/devices.json';
import enDevices from '@/locales/en/devices.json';
import idCounters from '@/locales/id/counters.json';
import enCounters from '@/locales/en/counters.json';
import idUsers from '@/locales/id/users.json';
import enUsers from '@/locales/en/users.json';
import idBranches from '@/locales/id/branches.json';
import enBranches from '@/locales/en/branches.json';
import idOutbox from '@/locales/id/outbox.json';
import enOutbox from '@/locales/en/outbox.json';
import idSettings from '@/locales/id/settings.json';
import enSettings from '@/locales/en/settings.json';
import idThemes from '@/locales/id/themes.json';
import enThemes from '@/locales/en/themes.json';
import idSignage from '@/locales/id/signage.json';
import enSignage from '@/locales/en/signage.json';
import idServices from '@/locales/id/services.json';
import enServices from '@/locales/en/services.json';
import idServiceMapping from '@/locales/id/service-mapping.json';
import enServiceMapping from '@/locales/en/service-mapping.json';
import idEform from '@/locales/id/eform.json';
import enEform from '@/locales/en/eform.json';
import idPlatform from '@/locales/id/platform.json';
import enPlatform from '@/locales/en/platform.json';
import idProfile from '@/locales/id/profile.json';
import enProfile from '@/locales/en/profile.json';
import idHolidays from '@/locales/id/holidays.json';
import enHolidays from '@/locales/en/holidays.json';
import idResetQueue from '@/locales/id/resetQueue.json';
import enResetQueue from '@/locales/en/resetQueue.json';
import idCurrencies from '@/locales/id/currencies.json';
import enCurrencies from '@/locales/en/currencies.json';
import idProducts from '@/locales/id/products.json';
import enProducts from '@/locales/en/products.json';
import idVoice from '@/locales/id/voice.json';
import enVoice from '@/locales/en/voice.json';

export const NAMESPACES = [
  'common',
  'auth',
  'caller',
  'dashboard',
  'operator',
  'supervisor',
  'devices',
  'counters',
  'users',
  'branches',
  'settings',
  'outbox',
  'themes',
  'signage',
  'services',
  'serviceMapping',
  'eform',
  'platform',
  'profile',
  'holidays',
  'resetQueue',
  'currencies',
  'products',
  'voice',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** The web app's own catalogues, one JSON file per language and namespace. */
export const CATALOGUES = {
  id: {
    common: idCommon,
    auth: idAuth,
    caller: idCaller,
    dashboard: idDashboard,
    operator: idOperator,
    supervisor: idSupervisor,
    devices: idDevices,
    counters: idCounters,
    users: idUsers,
    branches: idBranches,
    settings: idSettings,
    outbox: idOutbox,
    themes: idThemes,
    signage: idSignage,
    services: idServices,
    serviceMapping: idServiceMapping,
    eform: idEform,
    platform: idPlatform,
    profile: idProfile,
    holidays: idHolidays,
    resetQueue: idResetQueue,
    currencies: idCurrencies,
    products: idProducts,
    voice: idVoice,
  },
  en: {
    common: enCommon,
    auth: enAuth,
    caller: enCaller,
    dashboard: enDashboard,
    operator: enOperator,
    supervisor: enSupervisor,
    devices: enDevices,
    counters: enCounters,
    users: enUsers,
    branches: enBranches,
    settings: enSettings,
    outbox: enOutbox,
    themes: enThemes,
    signage: enSignage,
    services: enServices,
    serviceMapping: enServiceMapping,
    eform: enEform,
    platform: enPlatform,
    profile: enProfile,
    holidays: enHolidays,
    resetQueue: enResetQueue,
    currencies: enCurrencies,
    products: enProducts,
    voice: enVoice,
  },
} satisfies Record<Language, Record<Namespace, object>>;

/** Codes the client itself raises (no server answer to show). */
export type ClientErrorCode = keyof typeof idCommon.errors;

/** The shape i18next is typed with (see `src/types/i18next.d.ts`). */
export interface AppResources {
  common: typeof idCommon & { errors: Record<ErrorCode | ClientErrorCode, string> } & Record<
      ValidationMessageKey,
      string
    >;
  auth: typeof idAuth;
  caller: typeof idCaller;
  dashboard: typeof idDashboard;
  operator: typeof idOperator;
  supervisor: typeof idSupervisor;
  devices: typeof idDevices;
  counters: typeof idCounters;
  users: typeof idUsers;
  branches: typeof idBranches;
  settings: typeof idSettings;
  outbox: typeof idOutbox;
  themes: typeof idThemes;
  signage: typeof idSignage;
  services: typeof idServices;
  serviceMapping: typeof idServiceMapping;
  eform: typeof idEform;
  platform: typeof idPlatform;
  profile: typeof idProfile;
  holidays: typeof idHolidays;
  resetQueue: typeof idResetQueue;
  currencies: typeof idCurrencies;
  products: typeof idProducts;
  voice: typeof idVoice;
}

/** Shared templates use `{name}`; i18next interpolates `{{name}}`. */
function toI18nextTemplate(template: string): string {
  return template.replace(/\{(\w+)\}/g, '{{$1}}');
}

/**
 * The server's error codes (`errors.<CODE>`) and the shared validation messages (`v.*`, kept
 * as flat keys) in one language, so a code from the API is shown with `t(\`errors.${code}\`)`.
 */
function sharedMessages(lang: Language): {
  errors: Record<string, string>;
  validation: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  for (const [code, messages] of Object.entries(ERROR_MESSAGES)) errors[code] = messages[lang];
  const validation: Record<string, string> = {};
  for (const [key, messages] of Object.entries(VALIDATION_MESSAGES)) {
    validation[key] = toI18nextTemplate(messages[lang]);
  }
  return { errors, validation };
}

/** Everything i18next is initialised with: the web catalogues merged with the shared messages. */
export function buildResources(): Resource {
  const resources: Resource = {};
  for (const lang of LANGUAGES) {
    const own = CATALOGUES[lang];
    const shared = sharedMessages(lang);
    resources[lang] = {
      ...own,
      common: { ...own.common, ...shared.validation, errors: { ...shared.errors, ...own.common.errors } },
    };
  }
  return resources;
}
