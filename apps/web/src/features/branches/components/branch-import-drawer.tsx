import { useTranslation } from 'react-i18next';
import { BRANCH_IMPORT_MAX_ROWS } from '@antrean/shared/contracts/branch-import.contract';
import { CsvImportDrawer } from '@/components/admin/csv-import-drawer';
import { useCommitBranchImport, usePreviewBranchImport } from '../api/import-branches';

const TEMPLATE =
  'kode,nama,alamat,provinsi,kota,kelurahan,zona_waktu,kategori,batas_loket,batas_display,layani_otomatis,jeda_layani_otomatis,tiket_virtual_whatsapp,tampil_di_kiosk,tampil_di_web,aktif\r\n' +
  'JKT01,Cabang Jakarta Pusat,Jl. Merdeka 1,DKI Jakarta,Jakarta Pusat,Gambir,Asia/Jakarta,Kantor Cabang,5,2,tidak,0,tidak,ya,ya,ya\r\n';

/** Import branches from a CSV file (decision 61), on the template's import drawer. */
export function BranchImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('branches');
  return (
    <CsvImportDrawer
      ns="branches"
      preview={usePreviewBranchImport()}
      commit={useCommitBranchImport()}
      maxRows={BRANCH_IMPORT_MAX_ROWS}
      template={TEMPLATE}
      templateName="cabang.csv"
      columns={[
        { label: t('fields.code'), value: (row) => row.code },
        { label: t('fields.name'), value: (row) => row.name },
        { label: t('fields.city'), value: (row) => row.city },
      ]}
      fieldLabel={(field) => t(`fields.${field}`, { defaultValue: field })}
      onClose={onClose}
    />
  );
}
