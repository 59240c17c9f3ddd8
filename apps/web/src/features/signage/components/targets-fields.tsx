import type { ReactNode } from 'react';
import { MultiSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TargetOptions } from '@antrean/shared/contracts/signage.contract';
import { targetOptions } from '../api/signage';

interface TargetsValue {
  branchIds: string[];
  displayIds: string[];
}

/**
 * Where an item is shown: branches (all their displays) and single displays; neither means every
 * display of the tenant, which the hint says.
 */
export function TargetsFields({
  value,
  onChange,
  errors,
}: {
  value: TargetsValue;
  onChange: (value: TargetsValue) => void;
  errors: { branchIds?: string | null; displayIds?: string | null };
}) {
  const { t } = useTranslation('signage');
  const options = useQuery(targetOptions());
  const data: TargetOptions = options.data ?? { branches: [], displays: [] };
  const branchName = new Map(data.branches.map((b) => [b.id, `${b.code} · ${b.name}`]));
  return (
    <>
      <MultiSelect
        label={t('fields.branches')}
        data={data.branches.map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` }))}
        value={value.branchIds}
        onChange={(branchIds) => onChange({ ...value, branchIds })}
        error={errors.branchIds}
        searchable
        clearable
      />
      <MultiSelect
        label={t('fields.displays')}
        data={data.displays.map((d) => ({
          value: d.id,
          label: `${d.name} (${branchName.get(d.branchId) ?? d.code})`,
        }))}
        value={value.displayIds}
        onChange={(displayIds) => onChange({ ...value, displayIds })}
        error={errors.displayIds}
        searchable
        clearable
      />
      <Text size="xs" c="dimmed">
        {value.branchIds.length === 0 && value.displayIds.length === 0
          ? t('targets.everywhere')
          : t('targets.hint')}
      </Text>
    </>
  );
}

/** "Semua display" or "2 cabang · 1 display" for the table. */
export function TargetsSummary({ branchIds, displayIds }: TargetsValue) {
  const { t } = useTranslation('signage');
  if (branchIds.length === 0 && displayIds.length === 0) return <>{t('targets.all')}</>;
  const parts = [
    branchIds.length > 0 ? t('targets.branches', { count: branchIds.length }) : null,
    displayIds.length > 0 ? t('targets.displays', { count: displayIds.length }) : null,
  ].filter((p): p is string => p !== null);
  return <>{parts.join(' · ')}</>;
}

/** A form error as text (the form keeps them as nodes). */
export function errorText(error: ReactNode): string | null {
  return typeof error === 'string' ? error : null;
}
