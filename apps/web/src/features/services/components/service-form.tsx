import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Fieldset,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  SERVICE_CODE_MAX,
  SERVICE_NAME_MAX,
  SERVICE_PRINT_COUNT_MAX,
  SERVICE_SLA_MAX,
  SERVICE_TYPES,
  SUB_SERVICE_NAME_MAX,
  ServiceInputSchema,
  type Service,
  type ServiceInput,
} from '@antrean/shared/domain/service';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

const FLAGS = [
  'bookingWhatsapp',
  'firstCallWhatsapp',
  'afterHoldCallWhatsapp',
  'randomCaller',
  'customerPhoto',
  'eformEnabled',
  'showOnWeb',
  'showOnKiosk',
  'showRemainingQueue',
  'finishButton',
] as const;

const NEW_SERVICE: ServiceInput = {
  name: '',
  code: '',
  type: 'both',
  description: null,
  slaSeconds: 300,
  printCount: 1,
  bookingWhatsapp: false,
  firstCallWhatsapp: false,
  afterHoldCallWhatsapp: false,
  randomCaller: false,
  customerPhoto: false,
  eformEnabled: false,
  showOnWeb: true,
  showOnKiosk: true,
  showRemainingQueue: true,
  finishButton: true,
  isActive: true,
  sortOrder: 0,
  subServices: [],
};

/**
 * Create or edit a service with its sub services in a drawer, validated by the same schema as
 * the API request (ServiceInputSchema); the server's field errors (code taken, sub service that
 * already exists) land on their fields, any other refusal above the form.
 */
export function ServiceFormDrawer({
  service,
  pending,
  onSubmit,
  onClose,
}: {
  /** The service being edited; null to create one. */
  service: Service | null;
  pending: boolean;
  /** Saves; rejects with the API error when the server refuses. */
  onSubmit: (values: ServiceInput) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['services', 'common']);
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useZodForm(ServiceInputSchema, {
    mode: 'controlled',
    initialValues: service ? (({ id: _id, ...rest }) => rest)(service) : NEW_SERVICE,
  });

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  });

  const subServices = form.getValues().subServices;
  const description = form.getInputProps('description');

  return (
    <FormDrawer
      opened
      title={service ? t('form.editTitle', { name: service.name }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={submit}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={SERVICE_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          label={t('fields.code')}
          description={t('fields.codeHint')}
          withAsterisk
          maxLength={SERVICE_CODE_MAX}
          {...form.getInputProps('code')}
        />
        <Select
          label={t('fields.type')}
          withAsterisk
          allowDeselect={false}
          data={SERVICE_TYPES.map((type) => ({ value: type, label: t(`types.${type}`) }))}
          {...form.getInputProps('type')}
        />
        <NumberInput
          label={t('fields.slaSeconds')}
          description={t('fields.slaHint')}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={SERVICE_SLA_MAX}
          {...form.getInputProps('slaSeconds')}
        />
        <NumberInput
          label={t('fields.printCount')}
          description={t('fields.printCountHint')}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={SERVICE_PRINT_COUNT_MAX}
          {...form.getInputProps('printCount')}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.description')}
        rows={2}
        {...description}
        value={typeof description.value === 'string' ? description.value : ''}
      />
      <NumberInput
        label={t('fields.sortOrder')}
        allowDecimal={false}
        allowNegative={false}
        min={0}
        {...form.getInputProps('sortOrder')}
      />
      <Fieldset legend={t('fields.flags')}>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {FLAGS.map((flag) => (
            <Switch
              key={flag}
              label={t(`fields.${flag}`)}
              {...form.getInputProps(flag, { type: 'checkbox' })}
            />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t('fields.subServices')}>
        <Stack gap="xs">
          {subServices.length === 0 ? <Text c="dimmed">{t('fields.noSubServices')}</Text> : null}
          {subServices.map((sub, index) => {
            const n = index + 1;
            return (
              <Group key={sub.id ?? `new-${index}`} align="flex-start" wrap="nowrap" gap="xs">
                <TextInput
                  flex={1}
                  label={t('fields.subServiceName', { n })}
                  withAsterisk
                  maxLength={SUB_SERVICE_NAME_MAX}
                  {...form.getInputProps(`subServices.${index}.name`)}
                />
                <Switch
                  mt={32}
                  aria-label={t('fields.subServiceActive', { n })}
                  {...form.getInputProps(`subServices.${index}.isActive`, { type: 'checkbox' })}
                />
                <ActionIcon
                  mt={28}
                  variant="subtle"
                  color="red"
                  aria-label={t('actions.removeSubService', { n })}
                  onClick={() => form.removeListItem('subServices', index)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Button
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => form.insertListItem('subServices', { name: '', isActive: true })}
          >
            {t('actions.addSubService')}
          </Button>
        </Stack>
      </Fieldset>
      <Switch
        label={t('fields.isActive')}
        description={t('fields.isActiveHint')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormDrawer>
  );
}
