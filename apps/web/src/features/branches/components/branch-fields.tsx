import { Autocomplete, NumberInput, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  AUTO_SERVE_DELAY_MAX,
  BRANCH_ADDRESS_MAX,
  BRANCH_CODE_MAX,
  BRANCH_LIMIT_MAX,
  BRANCH_NAME_MAX,
  BRANCH_TEXT_MAX,
  INDONESIAN_TIME_ZONES,
  type Branch,
  type BranchInput,
  type BranchValues,
} from '@antrean/shared/domain/branch';

export type BranchForm = UseFormReturnType<BranchInput, BranchValues>;

/** Categories offered as suggestions (any other text is accepted). */
const CATEGORY_SUGGESTIONS = [
  'Kantor Pusat',
  'Kantor Wilayah',
  'Kantor Cabang',
  'Kantor Cabang Pembantu',
  'Kantor Kas',
  'Kantor Kecamatan',
  'Kantor Kelurahan',
];

/** The form's starting values: the branch being edited, or a new branch's defaults. */
export function branchInitialValues(branch: Branch | null): BranchInput {
  if (!branch) {
    return {
      code: '',
      name: '',
      address: '',
      province: '',
      city: '',
      village: '',
      timeZone: 'Asia/Jakarta',
      category: '',
      displayLimit: 2,
      counterLimit: 5,
      monitoringUrl: '',
      autoServe: false,
      autoServeDelaySeconds: 0,
      whatsappVirtualTicket: false,
      showOnKiosk: true,
      showOnWeb: true,
      isActive: true,
    };
  }
  return {
    code: branch.code,
    name: branch.name,
    address: branch.address,
    province: branch.province,
    city: branch.city,
    village: branch.village,
    timeZone: branch.timeZone,
    category: branch.category,
    displayLimit: branch.displayLimit,
    counterLimit: branch.counterLimit,
    monitoringUrl: branch.monitoringUrl ?? '',
    autoServe: branch.autoServe,
    autoServeDelaySeconds: branch.autoServeDelaySeconds,
    whatsappVirtualTicket: branch.whatsappVirtualTicket,
    showOnKiosk: branch.showOnKiosk,
    showOnWeb: branch.showOnWeb,
    isActive: branch.isActive,
  };
}

/**
 * Every field of a branch, validated by the shared BranchInputSchema (the form owns it): used by
 * the create drawer and the detail page's first tab.
 */
export function BranchFields({ form }: { form: BranchForm }) {
  const { t } = useTranslation('branches');
  const zone = form.getValues().timeZone;
  const zones: string[] = [...INDONESIAN_TIME_ZONES];
  if (zone !== '' && !zones.includes(zone)) zones.push(zone);
  const autoServe = form.getValues().autoServe;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.code')}
          description={t('fields.codeHint')}
          withAsterisk
          maxLength={BRANCH_CODE_MAX}
          {...form.getInputProps('code')}
        />
        <TextInput
          label={t('fields.name')}
          withAsterisk
          maxLength={BRANCH_NAME_MAX}
          {...form.getInputProps('name')}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.address')}
        withAsterisk
        rows={2}
        maxLength={BRANCH_ADDRESS_MAX}
        {...form.getInputProps('address')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput
          label={t('fields.province')}
          withAsterisk
          maxLength={BRANCH_TEXT_MAX}
          {...form.getInputProps('province')}
        />
        <TextInput
          label={t('fields.city')}
          withAsterisk
          maxLength={BRANCH_TEXT_MAX}
          {...form.getInputProps('city')}
        />
        <TextInput
          label={t('fields.village')}
          withAsterisk
          maxLength={BRANCH_TEXT_MAX}
          {...form.getInputProps('village')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('fields.timeZone')}
          withAsterisk
          data={zones.map((z) => ({ value: z, label: t(`timeZones.${z}`, { defaultValue: z }) }))}
          allowDeselect={false}
          {...form.getInputProps('timeZone')}
        />
        <Autocomplete
          label={t('fields.category')}
          withAsterisk
          data={CATEGORY_SUGGESTIONS}
          maxLength={BRANCH_TEXT_MAX}
          {...form.getInputProps('category')}
        />
        <NumberInput
          label={t('fields.counterLimit')}
          description={t('fields.counterLimitHint')}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          min={1}
          max={BRANCH_LIMIT_MAX}
          {...form.getInputProps('counterLimit')}
        />
        <NumberInput
          label={t('fields.displayLimit')}
          description={t('fields.displayLimitHint')}
          withAsterisk
          allowDecimal={false}
          allowNegative={false}
          min={0}
          max={BRANCH_LIMIT_MAX}
          {...form.getInputProps('displayLimit')}
        />
      </SimpleGrid>
      <Switch
        label={t('fields.autoServe')}
        description={t('fields.autoServeHint')}
        {...form.getInputProps('autoServe', { type: 'checkbox' })}
      />
      <NumberInput
        label={t('fields.autoServeDelaySeconds')}
        allowDecimal={false}
        allowNegative={false}
        min={0}
        max={AUTO_SERVE_DELAY_MAX}
        disabled={!autoServe}
        {...form.getInputProps('autoServeDelaySeconds')}
      />
      <Switch
        label={t('fields.whatsappVirtualTicket')}
        {...form.getInputProps('whatsappVirtualTicket', { type: 'checkbox' })}
      />
      <Switch label={t('fields.showOnKiosk')} {...form.getInputProps('showOnKiosk', { type: 'checkbox' })} />
      <Switch label={t('fields.showOnWeb')} {...form.getInputProps('showOnWeb', { type: 'checkbox' })} />
      <TextInput
        label={t('fields.monitoringUrl')}
        description={t('fields.monitoringUrlHint')}
        placeholder="https://"
        {...form.getInputProps('monitoringUrl')}
        value={form.getValues().monitoringUrl ?? ''}
      />
      <Switch
        label={t('fields.isActive')}
        description={t('fields.isActiveHint')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </>
  );
}
