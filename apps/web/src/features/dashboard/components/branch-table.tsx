import { Badge, Skeleton, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import { ErrorAlert } from '@/lib/error-alert';

/** Indonesian zone names for the country's three time zones (shown beside the IANA name). */
const ZONE_ABBREVIATIONS: Record<string, string> = {
  'Asia/Jakarta': 'WIB',
  'Asia/Pontianak': 'WIB',
  'Asia/Makassar': 'WITA',
  'Asia/Jayapura': 'WIT',
};

function zoneLabel(timeZone: string): string {
  const abbreviation = ZONE_ABBREVIATIONS[timeZone];
  return abbreviation ? `${abbreviation} · ${timeZone}` : timeZone;
}

export interface BranchTableProps {
  branches: readonly BranchSummary[] | undefined;
  isPending: boolean;
  error: unknown;
  onRetry: () => void;
}

export function BranchTable({ branches, isPending, error, onRetry }: BranchTableProps) {
  const { t } = useTranslation(['dashboard', 'common']);
  const columns = 6;

  if (error) {
    return <ErrorAlert error={error} title={t('branches.loadFailed')} onRetry={onRetry} />;
  }

  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-busy={isPending}>
        <Table.Caption>{t('branches.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('branches.code')}</Table.Th>
            <Table.Th scope="col">{t('branches.name')}</Table.Th>
            <Table.Th scope="col">{t('branches.city')}</Table.Th>
            <Table.Th scope="col">{t('branches.province')}</Table.Th>
            <Table.Th scope="col">{t('branches.timeZone')}</Table.Th>
            <Table.Th scope="col">{t('branches.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {isPending
            ? [0, 1, 2].map((row) => (
                <Table.Tr key={row}>
                  {Array.from({ length: columns }, (_, cell) => (
                    <Table.Td key={cell}>
                      <Skeleton h={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            : null}
          {!isPending && branches?.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text c="dimmed" ta="center" py="md">
                  {t('common:status.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {branches?.map((branch) => (
            <Table.Tr key={branch.id}>
              <Table.Td>
                <Text ff="monospace" size="sm">
                  {branch.code}
                </Text>
              </Table.Td>
              <Table.Td fw={600}>{branch.name}</Table.Td>
              <Table.Td>{branch.city}</Table.Td>
              <Table.Td>{branch.province}</Table.Td>
              <Table.Td>{zoneLabel(branch.timeZone)}</Table.Td>
              <Table.Td>
                <Badge color={branch.isActive ? 'green' : 'gray'} variant="light">
                  {branch.isActive ? t('common:status.active') : t('common:status.inactive')}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
