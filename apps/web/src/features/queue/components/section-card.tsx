import { ActionIcon, Badge, Button, Card, Table, Title, type TableProps } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ErrorAlert } from '@/lib/error-alert';

/**
 * A section of a staff screen: a card titled for screen readers (`id` labels the section), with
 * an optional count next to the title and an optional error of the list it shows.
 */
export function SectionCard({
  id,
  title,
  titleSize = 'h4',
  count,
  countColor,
  error,
  children,
}: {
  id: string;
  title: string;
  titleSize?: 'h4' | 'h5';
  /** How many items the section lists, shown as a badge after the title. */
  count?: number;
  countColor?: string;
  error?: Error | null;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={id}>
      <Title order={2} size={titleSize} id={id} mb="sm">
        {title}
        {count !== undefined ? (
          <>
            {' '}
            <Badge variant="light" color={countColor}>
              {count}
            </Badge>
          </>
        ) : null}
      </Title>
      {error ? <ErrorAlert error={error} mb="sm" /> : null}
      {children}
    </Card>
  );
}

/** A horizontally scrolling table with one header row: the lists of the staff screens. */
export function ListTable({
  head,
  minWidth,
  children,
  ...tableProps
}: {
  /** The column titles, in order (each distinct). */
  head: readonly string[];
  minWidth: number;
  children: ReactNode;
} & Omit<TableProps, 'children'>) {
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>
            {head.map((label) => (
              <Table.Th key={label}>{label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** "Load more" under a server list read page by page. */
export function LoadMoreButton({
  list,
  label,
}: {
  list: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  label: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      mt="sm"
      variant="default"
      size="xs"
      loading={list.isFetchingNextPage}
      onClick={() => void list.fetchNextPage()}
    >
      {label}
    </Button>
  );
}

/** The small "i" button of a list row that opens the ticket's details. */
export function DetailIconButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
      <IconInfoCircle size={16} aria-hidden />
    </ActionIcon>
  );
}
