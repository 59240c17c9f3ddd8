import { Anchor, Paper, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { can, type Action } from '@antrean/shared/auth/permissions';
import type { StaffRole } from '@antrean/shared/auth/roles';
import type { DashboardTotals } from '@antrean/shared/contracts/dashboard.contract';

/** Each total and the page that manages it (a link only for those who may open the page). */
const TOTALS: readonly { key: keyof DashboardTotals; href: string; action: Action }[] = [
  { key: 'branches', href: '/dashboard/master/cabang', action: 'tenant.configure' },
  { key: 'displays', href: '/dashboard/master/display', action: 'tenant.configure' },
  { key: 'counters', href: '/dashboard/master/loket', action: 'tenant.configure' },
  { key: 'users', href: '/dashboard/master/user-layanan', action: 'tenant.users' },
  { key: 'services', href: '/dashboard/master/layanan', action: 'tenant.configure' },
  { key: 'inactiveServices', href: '/dashboard/master/layanan-non-aktif', action: 'tenant.configure' },
];

/** The spec's totals: branches, displays, counters, users, services, inactive services. */
export function Totals({ totals, role }: { totals: DashboardTotals | undefined; role: StaffRole }) {
  const { t } = useTranslation('dashboard');
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3, lg: 6 }}
      spacing="sm"
      component="ul"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {TOTALS.map(({ key, href, action }) => (
        <Paper key={key} withBorder radius="md" p="md" component="li">
          <Text size="sm" c="dimmed" id={`total-${key}`}>
            {can(role, action) ? (
              <Anchor component={Link} to={href} size="sm">
                {t(`totals.${key}`)}
              </Anchor>
            ) : (
              t(`totals.${key}`)
            )}
          </Text>
          {totals ? (
            <Text fz={28} fw={700} aria-describedby={`total-${key}`} data-testid={`total-${key}`}>
              {totals[key]}
            </Text>
          ) : (
            <Skeleton h={34} mt={4} radius="sm" />
          )}
        </Paper>
      ))}
    </SimpleGrid>
  );
}
