import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDecimal } from '@antrean/shared/common/decimal';
import type { CurrencySortField } from '@antrean/shared/contracts/currencies.contract';
import type { Currency } from '@antrean/shared/domain/currency';
import type { DataColumn } from '@/components/admin/data-table';
import { shownFlag } from '@/lib/flag-emoji';

const LOCALE = { id: 'id-ID', en: 'en-GB' } as const;

/** A buy / sell pair, exact (no float), grouped the reader's way; a missing rate is a dash. */
function Pair({ buy, sell, locale }: { buy: string | null; sell: string | null; locale: string }) {
  const { t } = useTranslation('currencies');
  const show = (v: string | null) => (v === null ? '—' : formatDecimal(v, locale));
  return (
    <Stack gap={0} ff="monospace">
      <Text size="sm" ta="right">
        {t('board.buyShort')} {show(buy)}
      </Text>
      <Text size="sm" ta="right">
        {t('board.sellShort')} {show(sell)}
      </Text>
    </Stack>
  );
}

/** The currencies table's columns: code with flag, name, the three rate pairs, last update, actions. */
export function useCurrencyColumns({
  onEdit,
  onDelete,
}: {
  onEdit: (currency: Currency) => void;
  onDelete: (currency: Currency) => void;
}): DataColumn<Currency, CurrencySortField>[] {
  const { t, i18n } = useTranslation(['currencies', 'common']);
  const locale = i18n.language === 'en' ? LOCALE.en : LOCALE.id;
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return [
    {
      key: 'code',
      header: t('fields.code'),
      sort: 'code',
      nowrap: true,
      render: (c) => (
        <Text fw={700}>
          {shownFlag(c.flag) ? <span aria-hidden="true">{shownFlag(c.flag)} </span> : null}
          {c.code}
        </Text>
      ),
    },
    { key: 'name', header: t('fields.name'), sort: 'name', render: (c) => c.name },
    {
      key: 'eRate',
      header: t('board.eRate'),
      nowrap: true,
      render: (c) => <Pair buy={c.buy} sell={c.sell} locale={locale} />,
    },
    {
      key: 'bankNotes',
      header: t('board.bankNotes'),
      nowrap: true,
      render: (c) => <Pair buy={c.bankNoteBuy} sell={c.bankNoteSell} locale={locale} />,
    },
    {
      key: 'ttCounter',
      header: t('board.ttCounter'),
      nowrap: true,
      render: (c) => <Pair buy={c.ttCounterBuy} sell={c.ttCounterSell} locale={locale} />,
    },
    {
      key: 'updatedAt',
      header: t('fields.updatedAt'),
      sort: 'updatedAt',
      nowrap: true,
      render: (c) => when.format(c.updatedAt),
    },
    {
      key: 'actions',
      header: t('common:admin.actions'),
      nowrap: true,
      render: (c) => (
        <Group gap={4} wrap="nowrap">
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} aria-hidden />}
            aria-label={t('actions.editLabel', { code: c.code })}
            onClick={() => onEdit(c)}
          >
            {t('common:admin.edit')}
          </Button>
          <Button
            variant="light"
            color="red"
            size="compact-sm"
            leftSection={<IconTrash size={14} aria-hidden />}
            aria-label={t('actions.deleteLabel', { code: c.code })}
            onClick={() => onDelete(c)}
          >
            {t('common:admin.delete')}
          </Button>
        </Group>
      ),
    },
  ];
}
