import { useState } from 'react';
import { NumberInput, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_NAME_MAX,
  ProductInputSchema,
  ProductItemInputSchema,
  type Product,
  type ProductItem,
  type ProductItemValues,
  type ProductValues,
} from '@antrean/shared/domain/product';
import { FormDrawer } from '@/components/admin/form-drawer';
import { isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';
import { applyServerFieldErrors, useZodForm } from '@/lib/use-zod-form';

/** Runs a save; server field errors land on their fields, anything else above the form. */
function useSubmitter<V>(onSubmit: (values: V) => Promise<unknown>) {
  const errorText = useErrorText();
  const [formError, setFormError] = useState<string | null>(null);
  const run = async (values: V, form: Parameters<typeof applyServerFieldErrors>[0]): Promise<void> => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (error) {
      if (isApiError(error) && applyServerFieldErrors(form, error)) return;
      setFormError(errorText(error));
    }
  };
  return { formError, run };
}

function OrderInput(props: Record<string, unknown>) {
  const { t } = useTranslation('products');
  return (
    <NumberInput
      label={t('fields.sortOrder')}
      description={t('fields.sortOrderHint')}
      allowDecimal={false}
      allowNegative={false}
      min={0}
      max={9999}
      {...props}
    />
  );
}

/** Create or edit a product (name required; inactive products leave the displays' board). */
export function ProductFormDrawer({
  product,
  nextOrder,
  pending,
  onSubmit,
  onClose,
}: {
  product: Product | null;
  nextOrder: number;
  pending: boolean;
  onSubmit: (values: ProductValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const form = useZodForm(ProductInputSchema, {
    mode: 'controlled',
    initialValues: {
      name: product?.name ?? '',
      isActive: product?.isActive ?? true,
      sortOrder: product?.sortOrder ?? nextOrder,
    },
  });
  const { formError, run } = useSubmitter(onSubmit);
  return (
    <FormDrawer
      opened
      title={product ? t('form.editTitle', { name: product.name }) : t('form.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={form.onSubmit((values) => run(values, form))}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        maxLength={PRODUCT_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <OrderInput {...form.getInputProps('sortOrder')} />
      <Switch
        label={t('fields.isActive')}
        description={t('fields.isActiveHint')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormDrawer>
  );
}

/** Create or edit an item: name and percentage required, 0–100 with a dot (3.5). */
export function ProductItemFormDrawer({
  item,
  nextOrder,
  pending,
  onSubmit,
  onClose,
}: {
  item: ProductItem | null;
  nextOrder: number;
  pending: boolean;
  onSubmit: (values: ProductItemValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation(['products', 'common']);
  const form = useZodForm(ProductItemInputSchema, {
    mode: 'controlled',
    initialValues: {
      name: item?.name ?? '',
      percentage: item?.percentage ?? '',
      sortOrder: item?.sortOrder ?? nextOrder,
    },
  });
  const { formError, run } = useSubmitter(onSubmit);
  return (
    <FormDrawer
      opened
      title={item ? t('itemForm.editTitle', { name: item.name }) : t('itemForm.createTitle')}
      error={formError}
      pending={pending}
      submitLabel={t('common:admin.save')}
      onSubmit={form.onSubmit((values) => run(values, form))}
      onClose={onClose}
    >
      <TextInput
        label={t('fields.itemName')}
        description={t('fields.itemNameHint')}
        withAsterisk
        maxLength={PRODUCT_NAME_MAX}
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('fields.percentage')}
        description={t('fields.percentageHint')}
        withAsterisk
        inputMode="decimal"
        autoComplete="off"
        rightSection="%"
        {...form.getInputProps('percentage')}
      />
      <OrderInput {...form.getInputProps('sortOrder')} />
    </FormDrawer>
  );
}
