import { useEffect } from 'react';
import { Anchor, Badge, Group, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { displayPath } from '@antrean/shared/common/device-paths';
import type { BranchToday } from '@antrean/shared/contracts/dashboard.contract';
import { staffTopics } from '@/lib/live-topics';
import { useLiveTopicOf } from '@/lib/use-live';

/** Counts a topic's messages: the row only needs to know that something happened. */
const countMessages = (count: number | undefined): number => (count ?? 0) + 1;

/** One branch's figures of today; its live topic tells the page when they changed. */
function BranchRow({
  today,
  canOperate,
  canMonitor,
  onActivity,
}: {
  today: BranchToday;
  canOperate: boolean;
  canMonitor: boolean;
  onActivity: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  const { branch } = today;
  const live = useLiveTopicOf(staffTopics.branch(branch.id), countMessages);
  useEffect(() => {
    // The first message is the snapshot the subscription starts with: the figures are fresh.
    if (live.version > 1) onActivity();
  }, [live.version, onActivity]);
  const wait = today.averageWaitSeconds;
  return (
    <Table.Tr>
      <Table.Th scope="row">
        <Text fw={600}>{branch.name}</Text>
        <Group gap={4}>
          <Text ff="monospace" size="xs" c="dimmed">
            {branch.code}
          </Text>
          {branch.isActive ? null : (
            <Badge color="gray" variant="light" size="xs">
              {t('common:status.inactive')}
            </Badge>
          )}
        </Group>
      </Table.Th>
      <Table.Td ta="right">{today.waiting}</Table.Td>
      <Table.Td ta="right">{today.serving}</Table.Td>
      <Table.Td ta="right">{today.served}</Table.Td>
      <Table.Td ta="right">
        {wait === null
          ? '—'
          : wait >= 60
            ? t('today.minutes', { minutes: Math.floor(wait / 60), seconds: wait % 60 })
            : t('today.seconds', { seconds: wait })}
      </Table.Td>
      <Table.Td ta="right">{today.slaPercent === null ? '—' : `${today.slaPercent}%`}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="wrap">
          {canOperate ? (
            <Anchor
              component={Link}
              to="/operator"
              size="sm"
              aria-label={t('today.operatorLabel', { name: branch.name })}
            >
              {t('today.operator')}
            </Anchor>
          ) : null}
          {canMonitor ? (
            <Anchor
              component={Link}
              to={`/spv/monitoring?${new URLSearchParams({ code: branch.code }).toString()}`}
              size="sm"
              aria-label={t('today.monitorLabel', { name: branch.name })}
            >
              {t('today.monitor')}
            </Anchor>
          ) : null}
          {today.displays.map((display) => (
            <Anchor
              key={display.id}
              href={displayPath(display.layout, display.code)}
              target="_blank"
              rel="noreferrer"
              size="sm"
              aria-label={t('today.displayLabel', { name: display.name, branch: branch.name })}
            >
              {display.name}
            </Anchor>
          ))}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Today's figures per branch, live: a branch's events refresh the figures (throttled by the page). */
export function BranchTodayTable({
  branches,
  canOperate,
  canMonitor,
  onActivity,
}: {
  branches: readonly BranchToday[];
  canOperate: boolean;
  canMonitor: boolean;
  onActivity: () => void;
}) {
  const { t } = useTranslation(['dashboard', 'common']);
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm">
        <Table.Caption>{t('today.caption')}</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('today.branch')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('today.waiting')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('today.serving')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('today.served')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('today.averageWait')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('today.sla')}
            </Table.Th>
            <Table.Th scope="col">{t('today.shortcuts')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {branches.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={7}>
                <Text c="dimmed" ta="center" py="md">
                  {t('common:status.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {branches.map((today) => (
            <BranchRow
              key={today.branch.id}
              today={today}
              canOperate={canOperate}
              canMonitor={canMonitor}
              onActivity={onActivity}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
