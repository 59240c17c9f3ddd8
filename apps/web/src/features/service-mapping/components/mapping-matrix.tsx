import { useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  ServiceMappingInputSchema,
  type ServiceMapping,
  type ServiceMappingInput,
} from '@antrean/shared/domain/service-mapping';
import { localizeIssues } from '@antrean/shared/i18n/validation';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { currentLanguage } from '@/lib/i18n';

interface Draft {
  offered: string[];
  served: Record<string, string[]>;
}

function draftOf(mapping: ServiceMapping): Draft {
  return {
    offered: mapping.services.filter((s) => s.offered).map((s) => s.id),
    served: Object.fromEntries(mapping.counters.map((c) => [c.id, c.serviceIds])),
  };
}

/**
 * The matrix of one branch: a row per service of the tenant with "offered" and a column per
 * counter ("serves"). Validated with the request's schema before it is sent; the messages (the
 * client's or the server's) name the counter. The page mounts it per branch and saved version.
 */
export function MappingMatrix({
  mapping,
  pending,
  onSave,
}: {
  mapping: ServiceMapping;
  pending: boolean;
  /** Saves; rejects with the API error when the server refuses. */
  onSave: (body: ServiceMappingInput) => Promise<unknown>;
}) {
  const { t } = useTranslation(['serviceMapping', 'common']);
  const errorText = useErrorText();
  const [draft, setDraft] = useState<Draft>(() => draftOf(mapping));
  const [errors, setErrors] = useState<string[]>([]);
  const counterName = (index: number) => mapping.counters[index]?.name ?? '';

  const toggleOffered = (serviceId: string, on: boolean) =>
    setDraft((d) => ({
      offered: on ? [...d.offered, serviceId] : d.offered.filter((id) => id !== serviceId),
      // A service no longer offered is served by no counter of the branch.
      served: on
        ? d.served
        : Object.fromEntries(
            Object.entries(d.served).map(([c, ids]) => [c, ids.filter((id) => id !== serviceId)]),
          ),
    }));
  const toggleServed = (counterId: string, serviceId: string, on: boolean) =>
    setDraft((d) => {
      const ids = d.served[counterId] ?? [];
      return {
        ...d,
        served: { ...d.served, [counterId]: on ? [...ids, serviceId] : ids.filter((id) => id !== serviceId) },
      };
    });

  /** `counters.<i>.<field>` → "<counter name> — message"; other paths as they are. */
  const describe = (fields: Record<string, string>) =>
    Object.entries(fields).map(([path, message]) => {
      const match = /^counters\.(\d+)\./.exec(path);
      return match ? t('invalid', { counter: counterName(Number(match[1])), message }) : message;
    });

  const save = async () => {
    const body: ServiceMappingInput = {
      offeredServiceIds: draft.offered,
      counters: mapping.counters.map((c) => ({ counterId: c.id, serviceIds: draft.served[c.id] ?? [] })),
    };
    const parsed = ServiceMappingInputSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(describe(localizeIssues(parsed.error.issues, currentLanguage(), body)));
      return;
    }
    setErrors([]);
    try {
      await onSave(parsed.data);
    } catch (error) {
      setErrors(
        isApiError(error) && Object.keys(error.fields).length > 0
          ? describe(error.fields)
          : [errorText(error)],
      );
    }
  };

  if (mapping.services.length === 0) return <Text c="dimmed">{t('noServices')}</Text>;
  return (
    <Stack>
      {mapping.counters.length === 0 ? <Text c="dimmed">{t('noCounters')}</Text> : null}
      {errors.length > 0 ? (
        <Alert color="red" variant="light" role="alert">
          <Stack gap={4}>
            {errors.map((e) => (
              <Text key={e} size="sm">
                {e}
              </Text>
            ))}
          </Stack>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={360 + mapping.counters.length * 110}>
        <Table striped withTableBorder>
          <Table.Caption>{t('caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('service')}</Table.Th>
              <Table.Th scope="col">{t('offered')}</Table.Th>
              {mapping.counters.map((c) => (
                <Table.Th key={c.id} scope="col" style={{ whiteSpace: 'nowrap' }}>
                  {c.name}{' '}
                  {c.isActive ? null : (
                    <Text span c="dimmed" size="xs">
                      {t('counterInactive')}
                    </Text>
                  )}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mapping.services.map((s) => {
              const label = `${s.code} · ${s.name}`;
              const isOffered = draft.offered.includes(s.id);
              return (
                <Table.Tr key={s.id}>
                  <Table.Th scope="row">
                    <Group gap={6} wrap="nowrap">
                      <Text fw={600}>{label}</Text>
                      {s.isActive ? null : (
                        <Badge color="gray" variant="light" miw="max-content">
                          {t('inactive')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Th>
                  <Table.Td>
                    <Checkbox
                      aria-label={t('offeredLabel', { service: label })}
                      checked={isOffered}
                      onChange={(e) => toggleOffered(s.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  {mapping.counters.map((c) => (
                    <Table.Td key={c.id}>
                      <Checkbox
                        aria-label={t('servesLabel', { counter: c.name, service: label })}
                        disabled={!isOffered}
                        checked={(draft.served[c.id] ?? []).includes(s.id)}
                        onChange={(e) => toggleServed(c.id, s.id, e.currentTarget.checked)}
                      />
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="flex-end">
        <Button variant="default" disabled={pending} onClick={() => setDraft(draftOf(mapping))}>
          {t('reset')}
        </Button>
        <Button loading={pending} onClick={() => void save()}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}
