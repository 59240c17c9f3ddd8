import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  FileButton,
  Group,
  List,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  BRANCH_IMPORT_MAX_ROWS,
  type BranchImportPreview,
} from '@antrean/shared/contracts/branch-import.contract';
import { notifySuccess } from '@/components/admin/notify';
import { useErrorText } from '@/lib/error-text';
import { useCommitBranchImport, usePreviewBranchImport } from '../api/import-branches';

const TEMPLATE =
  'kode,nama,alamat,provinsi,kota,kelurahan,zona_waktu,kategori,batas_loket,batas_display,layani_otomatis,jeda_layani_otomatis,tiket_virtual_whatsapp,tampil_di_kiosk,tampil_di_web,aktif\r\n' +
  'JKT01,Cabang Jakarta Pusat,Jl. Merdeka 1,DKI Jakarta,Jakarta Pusat,Gambir,Asia/Jakarta,Kantor Cabang,5,2,tidak,0,tidak,ya,ya,ya\r\n';
const TEMPLATE_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`;
const MAX_FILE_BYTES = 512 * 1024;

/**
 * Import branches from a CSV file (decision 61): pick the file, the server checks every row (the
 * errors per row and field are listed), then "Import" saves the whole file or nothing.
 */
export function BranchImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['branches', 'common']);
  const errorText = useErrorText();
  const check = usePreviewBranchImport();
  const commit = useCommitBranchImport();
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
  const [result, setResult] = useState<BranchImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function pick(picked: File | null) {
    setError(null);
    setResult(null);
    setFile(null);
    if (!picked) return;
    if (picked.size > MAX_FILE_BYTES) {
      setError(t('import.tooLarge'));
      return;
    }
    const csv = await picked.text();
    setFile({ name: picked.name, csv });
    check.mutate(csv, { onSuccess: setResult, onError: (cause) => setError(errorText(cause)) });
  }

  function importAll() {
    if (!file) return;
    commit.mutate(file.csv, {
      onSuccess: ({ created }) => {
        notifySuccess(t('import.done', { count: created }));
        onClose();
      },
      onError: (cause) => setError(errorText(cause)),
    });
  }

  const pending = check.isPending || commit.isPending;
  return (
    <Drawer opened onClose={() => !pending && onClose()} title={t('import.title')} position="right" size="xl">
      <Stack gap="md">
        <Text size="sm">{t('import.intro', { max: BRANCH_IMPORT_MAX_ROWS })}</Text>
        <Anchor href={TEMPLATE_HREF} download="cabang.csv" size="sm">
          {t('import.template')}
        </Anchor>
        <Group>
          <FileButton onChange={(f) => void pick(f)} accept=".csv,text/csv">
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<IconFileUpload size={16} aria-hidden />}
                loading={check.isPending}
              >
                {t('import.choose')}
              </Button>
            )}
          </FileButton>
          {file ? <Text size="sm">{file.name}</Text> : null}
        </Group>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        {result ? (
          <>
            <Group gap="xs">
              <Badge color="green" variant="light">
                {t('import.valid', { count: result.valid })}
              </Badge>
              <Badge color={result.invalid > 0 ? 'red' : 'gray'} variant="light">
                {t('import.invalid', { count: result.invalid })}
              </Badge>
            </Group>
            {result.invalid > 0 ? (
              <Text size="sm" c="red">
                {t('import.fixFirst')}
              </Text>
            ) : null}
            <Table.ScrollContainer minWidth={560}>
              <Table striped>
                <Table.Caption>{t('import.caption')}</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.line')}</Table.Th>
                    <Table.Th>{t('fields.code')}</Table.Th>
                    <Table.Th>{t('fields.name')}</Table.Th>
                    <Table.Th>{t('fields.city')}</Table.Th>
                    <Table.Th>{t('import.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((row) => {
                    const errors = Object.entries(row.errors);
                    return (
                      <Table.Tr key={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        <Table.Td>{row.code}</Table.Td>
                        <Table.Td>{row.name}</Table.Td>
                        <Table.Td>{row.city}</Table.Td>
                        <Table.Td>
                          {errors.length === 0 ? (
                            <Text size="sm" c="green">
                              {t('import.ok')}
                            </Text>
                          ) : (
                            <List size="sm" c="red">
                              {errors.map(([field, message]) => (
                                <List.Item key={field}>
                                  {t(`fields.${field}`, { defaultValue: field })}: {message}
                                </List.Item>
                              ))}
                            </List>
                          )}
                        </Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            onClick={importAll}
            loading={commit.isPending}
            disabled={!result || result.invalid > 0 || result.valid === 0}
          >
            {t('import.submit', { count: result?.valid ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
