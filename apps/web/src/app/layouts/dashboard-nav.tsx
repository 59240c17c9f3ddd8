import { useState, type ComponentType } from 'react';
import { NavLink, ScrollArea, Stack } from '@mantine/core';
import {
  IconAppWindow,
  IconArchive,
  IconBook,
  IconBuildingBank,
  IconCalendarOff,
  IconCategory,
  IconChartBar,
  IconDatabase,
  IconHome,
  IconPalette,
  IconRefreshAlert,
  IconSettings,
  IconUsers,
  IconAdjustments,
  type IconProps,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import type { StaffRole } from '@antrean/shared/auth/roles';
import {
  dashboardHref,
  visibleNav,
  type DashboardGroup,
  type DashboardPage,
  type NavLabelKey,
} from '@/config/dashboard-pages';
import classes from './dashboard-layout.module.css';

const ICONS: Partial<Record<NavLabelKey, ComponentType<IconProps>>> = {
  home: IconHome,
  users: IconUsers,
  categories: IconCategory,
  master: IconDatabase,
  parameters: IconAdjustments,
  configuration: IconSettings,
  holidays: IconCalendarOff,
  themes: IconPalette,
  resetQueue: IconRefreshAlert,
  reports: IconChartBar,
  backupRestore: IconArchive,
  guide: IconBook,
  tenant: IconBuildingBank,
  applications: IconAppWindow,
};

function isActive(pathname: string, page: DashboardPage): boolean {
  const href = dashboardHref(page);
  if (page.path === '') return pathname === href || pathname === `${href}/`;
  return pathname === href || pathname.startsWith(`${href}/`);
}

function NavIcon({ id }: { id: NavLabelKey }) {
  const Icon = ICONS[id];
  return Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : null;
}

export interface DashboardNavProps {
  /** The signed-in user's role (named so it is not mistaken for an ARIA role). */
  staffRole: StaffRole;
  /** Called after a link is followed (closes the mobile drawer). */
  onNavigate?: () => void;
}

/** The role-aware dashboard sidebar (pages a role may not open are not listed). */
export function DashboardNav({ staffRole, onNavigate }: DashboardNavProps) {
  const { t } = useTranslation('common');
  const { pathname } = useLocation();
  const entries = visibleNav(staffRole);

  const link = (page: DashboardPage, nested: boolean) => {
    const active = isActive(pathname, page);
    return (
      <li key={page.id}>
        <NavLink
          component={Link}
          to={dashboardHref(page)}
          label={t(`nav.${page.id}`)}
          leftSection={nested ? undefined : <NavIcon id={page.id} />}
          active={active}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          className={classes.link}
        />
      </li>
    );
  };

  return (
    <ScrollArea type="auto" className={classes.navScroll}>
      <Stack component="ul" gap={2} className={classes.navList}>
        {entries.map((entry) =>
          entry.kind === 'page' ? (
            link(entry.page, false)
          ) : (
            <NavGroup key={entry.group.id} group={entry.group} pathname={pathname}>
              {entry.group.pages.map((page) => link(page, true))}
            </NavGroup>
          ),
        )}
      </Stack>
    </ScrollArea>
  );
}

function NavGroup({
  group,
  pathname,
  children,
}: {
  group: DashboardGroup;
  pathname: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('common');
  const containsActive = group.pages.some((page) => isActive(pathname, page));
  const [toggled, setToggled] = useState<boolean | undefined>(undefined);
  const opened = toggled ?? containsActive;
  const listId = `nav-group-${group.id}`;

  return (
    <li>
      <NavLink
        component="button"
        type="button"
        label={t(`nav.${group.id}`)}
        leftSection={<NavIcon id={group.id} />}
        opened={opened}
        onChange={setToggled}
        aria-expanded={opened}
        aria-controls={listId}
        className={classes.link}
        childrenOffset={28}
      >
        <Stack component="ul" gap={2} id={listId} className={classes.navList}>
          {children}
        </Stack>
      </NavLink>
    </li>
  );
}
