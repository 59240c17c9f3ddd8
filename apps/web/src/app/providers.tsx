import { useMemo, useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { buildMantineTheme, tenantCssVariables } from '@/lib/mantine-theme';
import { createQueryClient } from '@/lib/query-client';
import { useTenantTheme } from '@/lib/session';
import '@/lib/i18n';
import notificationClasses from './notifications.module.css';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own client (no retries, isolated cache). */
  queryClient?: QueryClient;
  /** `test` turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/** Every app-wide provider, configured once: data, theme, dates, notifications, modals, i18n. */
export function AppProviders({ children, queryClient, env = 'default' }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemedProviders env={env}>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}

function ThemedProviders({ children, env }: { children: ReactNode; env: 'default' | 'test' }) {
  const { t, i18n } = useTranslation('common');
  const { theme } = useTenantTheme();
  const mantineTheme = useMemo(() => buildMantineTheme(theme), [theme]);
  const cssVariablesResolver = useMemo(() => tenantCssVariables(theme), [theme]);
  const modalLabels = useMemo(() => ({ confirm: t('actions.confirm'), cancel: t('actions.cancel') }), [t]);

  return (
    <MantineProvider
      theme={mantineTheme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: 1 }}>
        <Notifications position="top-right" classNames={notificationClasses} />
        <ModalsProvider labels={modalLabels}>{children}</ModalsProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
