import { Group, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import { ErrorAlert } from '@/lib/error-alert';
import { BranchSelect } from './branch-select';

/** An admin page's title and the sentence that says what the page manages. */
export function AdminPageHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt={4} maw={760}>
        {intro}
      </Text>
    </div>
  );
}

/**
 * The branch an admin page of one branch works on: the tenant's branches failed to load (with a
 * retry), there are none yet, or the branch select with whatever belongs beside it (`children`).
 */
export function BranchScope({
  query,
  branches,
  value,
  onChange,
  texts,
  children,
}: {
  query: { isError: boolean; isSuccess: boolean; error: unknown; refetch: () => Promise<unknown> };
  branches: readonly BranchSummary[];
  value: string;
  onChange: (branchId: string) => void;
  texts: { loadFailed: string; noBranches: string };
  children?: ReactNode;
}) {
  return (
    <>
      {query.isError ? (
        <ErrorAlert title={texts.loadFailed} error={query.error} onRetry={() => void query.refetch()} />
      ) : null}
      {query.isSuccess && branches.length === 0 ? <Text c="dimmed">{texts.noBranches}</Text> : null}
      {branches.length > 0 ? (
        <Group align="flex-end" gap="md">
          <BranchSelect branches={branches} value={value} onChange={onChange} />
          {children}
        </Group>
      ) : null}
    </>
  );
}
