import { AppShell, Box, Burger, Group, Image, Text, em } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router';
import { can } from '@antrean/shared/auth/permissions';
import { ForbiddenPage } from '@/components/forbidden-page';
import { LanguageSwitch } from '@/components/language-switch';
import { isDashboardRouteHandle } from '@/config/dashboard-pages';
import { ActingBanner } from '@/features/platform/components/acting-banner';
import { useSession, useTenantTheme } from '@/lib/session';
import { DashboardNav } from './dashboard-nav';
import { ProfileMenu } from './profile-menu';
import classes from './dashboard-layout.module.css';

/**
 * The admin dashboard frame: header (tenant, language, profile), the role-aware sidebar (a
 * drawer behind the burger on small screens) and the page. A page the role may not open shows
 * the forbidden page in place (its link is not in that role's sidebar either).
 */
export function DashboardLayout() {
  const { t } = useTranslation('common');
  const [opened, { toggle, close }] = useDisclosure(false);
  const { data: user } = useSession();
  const { theme } = useTenantTheme();
  // One language switch in the DOM: in the header on wide screens, in the drawer on phones.
  const narrow = useMediaQuery(`(max-width: ${em(767)})`);
  const handle = useMatches()
    .map((match) => match.handle)
    .findLast(isDashboardRouteHandle);

  // The route guard renders this layout only for a signed-in user.
  if (!user) return null;
  const allowed = !handle || can(user.role, handle.dashboardPage.action);
  const tenantName = user.tenantName ?? theme.tenantName ?? t('appName');

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <a href="#main-content" className={classes.skipLink}>
        {t('actions.skipToContent')}
      </a>
      <AppShell.Header className={classes.header}>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: 1 }}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('actions.closeNavigation') : t('actions.openNavigation')}
              aria-expanded={opened}
              aria-controls="dashboard-navbar"
            />
            <Image src={theme.logoUrl ?? '/favicon.svg'} alt="" h={32} w="auto" fit="contain" />
            <Text fw={700} size="lg" truncate>
              {tenantName}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            {narrow ? null : <LanguageSwitch compact />}
            <ProfileMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar id="dashboard-navbar" p="xs" className={classes.navbar} aria-label={t('nav.label')}>
        <DashboardNav staffRole={user.role} onNavigate={close} />
        {narrow ? (
          <Box p="xs" pt="md">
            <LanguageSwitch compact />
          </Box>
        ) : null}
      </AppShell.Navbar>

      <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
        <ActingBanner user={user} />
        {allowed ? <Outlet /> : <ForbiddenPage />}
      </AppShell.Main>
    </AppShell>
  );
}
