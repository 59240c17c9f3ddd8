import { useState } from 'react';
import { Alert, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import { NATIONAL_HOLIDAYS } from '@antrean/shared/domain/national-holidays';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import { notifyFailure, notifySuccess } from '@/components/admin/notify';
import { useErrorText } from '@/lib/error-text';
import { useLoadNationalHolidays } from '../api/holidays';
import { ALL_BRANCHES, useScopeOptions } from './holiday-form';

/**
 * Loads Indonesia's national holidays of a year (shipped with the product) for every branch or
 * one; dates that already are holidays there are skipped. Says which years are estimates.
 */
export function NationalHolidaysDialog({
  opened,
  branches,
  onClose,
}: {
  opened: boolean;
  branches: readonly BranchSummary[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['holidays', 'common']);
  const errorText = useErrorText();
  const load = useLoadNationalHolidays();
  const [year, setYear] = useState(String(NATIONAL_HOLIDAYS[0]?.year ?? ''));
  const [scope, setScope] = useState(ALL_BRANCHES);
  const scopes = useScopeOptions(branches);
  const data = NATIONAL_HOLIDAYS.find((y) => String(y.year) === year);
  return (
    <ConfirmDialog
      opened={opened}
      title={t('national.title')}
      confirmLabel={t('national.confirm')}
      color="blue"
      pending={load.isPending}
      onClose={onClose}
      onConfirm={() => {
        if (!data) return;
        load.mutate(
          { year: data.year, branchId: scope === ALL_BRANCHES ? null : scope },
          {
            onSuccess: (result) => {
              notifySuccess(
                t('national.done', { added: result.added, skipped: result.skipped, year: data.year }),
              );
              onClose();
            },
            onError: (error) => notifyFailure(errorText(error)),
          },
        );
      }}
    >
      <Text size="sm">{t('national.body')}</Text>
      <Select
        label={t('national.year')}
        data={NATIONAL_HOLIDAYS.map((y) => ({
          value: String(y.year),
          label: y.estimate ? t('national.yearEstimate', { year: y.year }) : String(y.year),
        }))}
        value={year}
        onChange={(v) => setYear(v ?? year)}
        allowDeselect={false}
      />
      <Select
        label={t('fields.scope')}
        data={scopes}
        value={scope}
        onChange={(v) => setScope(v ?? ALL_BRANCHES)}
        allowDeselect={false}
      />
      {data ? (
        <Text size="sm" c="dimmed">
          {t('national.count', { count: data.days.length })}
        </Text>
      ) : null}
      {data?.estimate ? (
        <Alert color="yellow" variant="light">
          {t('national.estimate')}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
