import { Alert, Button, Loader, MultiSelect, Select, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BranchSummary } from '@antrean/shared/domain/branch';
import type { SessionUser } from '@antrean/shared/domain/user';
import {
  branchCountersQueryOptions,
  branchesQueryOptions,
  branchServicesQueryOptions,
} from '@/lib/queries/branches';
import { useZodForm } from '@/lib/use-zod-form';
import {
  CounterChoiceSchema,
  choosableServices,
  countersServing,
  readCounterChoice,
  saveCounterChoice,
  type CounterChoice,
} from '../lib/counter-choice';
import { ErrorAlert } from '@/lib/error-alert';

export interface CounterChoiceFormProps {
  user: SessionUser;
  onChosen: (choice: CounterChoice) => void;
}

/** After a caller signs in: branch (when several), service(s), then a counter that serves them. */
export function CounterChoiceForm({ user, onChosen }: CounterChoiceFormProps) {
  const { t } = useTranslation(['auth', 'common']);
  const branches = useQuery(branchesQueryOptions());

  if (branches.isPending) return <Loader aria-label={t('common:status.loading')} mx="auto" />;
  if (branches.isError) {
    return (
      <ErrorAlert
        error={branches.error}
        title={t('counterChoice.loadFailed')}
        onRetry={() => void branches.refetch()}
      />
    );
  }
  const active = branches.data.filter((branch) => branch.isActive);
  if (active.length === 0) {
    return (
      <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
        {t('counterChoice.noBranches')}
      </Alert>
    );
  }
  return <CounterChoiceFields user={user} branches={active} onChosen={onChosen} />;
}

function initialChoice(userId: string, branches: readonly BranchSummary[]): CounterChoice {
  const stored = readCounterChoice(userId);
  if (stored && branches.some((branch) => branch.id === stored.branchId)) return stored;
  const only = branches.length === 1 ? branches[0] : undefined;
  return { branchId: only?.id ?? '', serviceIds: [], counterId: '' };
}

function CounterChoiceFields({
  user,
  branches,
  onChosen,
}: CounterChoiceFormProps & { branches: readonly BranchSummary[] }) {
  const { t } = useTranslation(['auth', 'common']);
  const form = useZodForm(CounterChoiceSchema, { initialValues: initialChoice(user.id, branches) });
  const { branchId, serviceIds, counterId } = form.getValues();

  const services = useQuery(branchServicesQueryOptions(branchId));
  const counters = useQuery(branchCountersQueryOptions(branchId));
  const serviceOptions = choosableServices(services.data ?? []);
  // A stored choice may name services that were since removed: only offer what exists.
  const chosenServices = serviceIds.filter((id) => serviceOptions.some((service) => service.id === id));
  const eligible = countersServing(counters.data ?? [], chosenServices);

  const onSubmit = form.onSubmit((values) => {
    if (!eligible.some((counter) => counter.id === values.counterId)) {
      form.setFieldError('counterId', t('common:v.mustChoose'));
      return;
    }
    const choice = { ...values, serviceIds: chosenServices };
    saveCounterChoice(user.id, choice);
    onChosen(choice);
  });

  const onBranchChange = (value: string | null) => {
    form.setValues({ branchId: value ?? '', serviceIds: [], counterId: '' });
  };
  const onServicesChange = (ids: string[]) => {
    form.setFieldValue('serviceIds', ids);
    const stillEligible = countersServing(counters.data ?? [], ids).some(
      (counter) => counter.id === counterId,
    );
    if (!stillEligible) form.setFieldValue('counterId', '');
  };

  const loadError = services.error ?? counters.error;
  const onlyBranch = branches.length === 1 ? branches[0] : undefined;
  const loadingCatalog = branchId !== '' && (services.isPending || counters.isPending);
  const counterHint =
    chosenServices.length === 0
      ? t('counterChoice.counterNeedsService')
      : !loadingCatalog && eligible.length === 0
        ? t('counterChoice.noCounters')
        : undefined;

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        {onlyBranch ? (
          <TextInput label={t('counterChoice.branch')} value={onlyBranch.name} readOnly variant="filled" />
        ) : (
          <Select
            label={t('counterChoice.branch')}
            placeholder={t('counterChoice.branchPlaceholder')}
            data={branches.map((branch) => ({ value: branch.id, label: `${branch.name} (${branch.code})` }))}
            searchable
            allowDeselect={false}
            nothingFoundMessage={t('counterChoice.nothingFound')}
            value={branchId || null}
            onChange={onBranchChange}
            error={form.errors.branchId}
          />
        )}

        {loadError ? <ErrorAlert error={loadError} title={t('counterChoice.loadFailed')} /> : null}

        {branchId !== '' && !services.isPending && serviceOptions.length === 0 && !loadError ? (
          <Alert color="yellow" variant="light" icon={<IconAlertCircle aria-hidden />}>
            {t('counterChoice.noServices')}
          </Alert>
        ) : null}

        <MultiSelect
          label={t('counterChoice.services')}
          placeholder={chosenServices.length === 0 ? t('counterChoice.servicesPlaceholder') : undefined}
          description={t('counterChoice.servicesDescription')}
          data={serviceOptions.map((service) => ({
            value: service.id,
            label: `${service.code} — ${service.name}`,
          }))}
          value={chosenServices}
          onChange={onServicesChange}
          disabled={branchId === '' || serviceOptions.length === 0}
          rightSection={loadingCatalog ? <Loader size="xs" aria-hidden /> : undefined}
          searchable
          nothingFoundMessage={t('counterChoice.nothingFound')}
          error={form.errors.serviceIds}
        />

        <Select
          label={t('counterChoice.counter')}
          placeholder={t('counterChoice.counterPlaceholder')}
          description={counterHint}
          data={eligible.map((counter) => ({ value: counter.id, label: counter.name }))}
          value={eligible.some((counter) => counter.id === counterId) ? counterId : null}
          onChange={(value) => {
            form.setFieldValue('counterId', value ?? '');
          }}
          disabled={eligible.length === 0}
          allowDeselect={false}
          error={form.errors.counterId}
        />

        <Button type="submit" size="md" fullWidth rightSection={<IconArrowRight size={18} aria-hidden />}>
          {t('counterChoice.submit')}
        </Button>
      </Stack>
    </form>
  );
}
