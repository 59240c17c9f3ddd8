import { Select } from '@mantine/core';
import type { BranchSummary } from '@antrean/shared/domain/branch';

/** Picks one of the staff member's branches ("code · name"); a branch stays picked. */
export function BranchPicker({
  label,
  branches,
  value,
  onChange,
}: {
  label: string;
  branches: readonly BranchSummary[];
  value: string;
  onChange: (branchId: string | null) => void;
}) {
  return (
    <Select
      label={label}
      data={branches.map((b) => ({ value: b.id, label: `${b.code} · ${b.name}` }))}
      value={value || null}
      onChange={onChange}
      allowDeselect={false}
      w={320}
    />
  );
}
