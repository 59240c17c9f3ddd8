import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BranchSummary } from '@antrean/shared/domain/branch';

/** Picks one of the tenant's branches ("code · name", inactive ones marked): admin pages of one branch. */
export function BranchSelect({
  branches,
  value,
  onChange,
}: {
  branches: readonly BranchSummary[];
  value: string;
  onChange: (branchId: string) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <Select
      label={t('admin.branch')}
      data={branches.map((b) => ({
        value: b.id,
        label: b.isActive ? `${b.code} · ${b.name}` : `${b.code} · ${b.name} (${t('status.inactive')})`,
      }))}
      value={value || null}
      onChange={(id) => {
        if (id) onChange(id);
      }}
      allowDeselect={false}
      searchable={branches.length > 8}
      w={360}
      maw="100%"
    />
  );
}
