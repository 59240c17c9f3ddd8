import { useTranslation } from 'react-i18next';
import { USER_IMPORT_MAX_ROWS } from '@antrean/shared/contracts/user-import.contract';
import { CsvImportDrawer } from '@/components/admin/csv-import-drawer';
import { useCommitImport, usePreviewImport } from '../api/import-users';

const TEMPLATE =
  'nama_lengkap,username,kata_sandi,peran,cabang,telepon,aktif\r\n' +
  'Budi Santoso,budi.santoso,rahasia-123,caller,JKT01|BDG01,081234567890,ya\r\n';

/** Import service users from a CSV file (decision 57), on the template's import drawer. */
export function UserImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <CsvImportDrawer
      ns="users"
      preview={usePreviewImport()}
      commit={useCommitImport()}
      maxRows={USER_IMPORT_MAX_ROWS}
      template={TEMPLATE}
      templateName="user-layanan.csv"
      columns={[
        { label: t('fields.username'), value: (row) => row.username },
        { label: t('fields.fullName'), value: (row) => row.fullName },
        { label: t('fields.role'), value: (row) => row.role },
      ]}
      fieldLabel={(field) => t(`import.columns.${field}`, { defaultValue: field })}
      onClose={onClose}
    />
  );
}
