import { useState, type ReactNode } from 'react';
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
import type { UseMutationResult } from '@tanstack/react-query';
import { IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '@/components/admin/notify';
import { useErrorText } from '@/lib/error-text';
import { isXlsxFile, type ImportFile } from '@antrean/shared/contracts/import-file';

const MAX_FILE_BYTES = 512 * 1024;

/** A workbook's bytes as base64, in chunks (a spread of 500 KB of bytes overflows the stack). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  }
  return btoa(binary);
}

/** The file as the import API takes it: a CSV as text, an XLSX workbook as base64. */
async function importFileOf(picked: File): Promise<ImportFile> {
  if (isXlsxFile(picked)) return { xlsx: toBase64(new Uint8Array(await picked.arrayBuffer())) };
  return { csv: await picked.text() };
}

/** One checked row of a CSV preview: its line in the file and its errors per field. */
interface PreviewRow {
  line: number;
  errors: Record<string, string>;
}

/** The server's answer to a CSV preview. */
interface CsvPreview<Row extends PreviewRow> {
  valid: number;
  invalid: number;
  rows: Row[];
}

interface CsvImportColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

interface CsvImportDrawerProps<Row extends PreviewRow> {
  /** The page's catalogue; it holds the `import.*` strings (title, intro, template, …). */
  ns: 'users' | 'branches';
  preview: UseMutationResult<CsvPreview<Row>, Error, ImportFile>;
  commit: UseMutationResult<{ created: number }, Error, ImportFile>;
  maxRows: number;
  /** A sample file offered for download: its header and one row. */
  template: string;
  templateName: string;
  /** The columns shown for each row, before its result. */
  columns: readonly CsvImportColumn<Row>[];
  /** The label of a field named in a row's errors. */
  fieldLabel: (field: string) => string;
  onClose: () => void;
}

/**
 * Importing a CSV or XLSX file (users, branches): pick the file, the server checks every row (the errors
 * per row and field are listed), then "Import" saves the whole file or nothing.
 */
export function CsvImportDrawer<Row extends PreviewRow>({
  ns,
  preview: check,
  commit,
  maxRows,
  template,
  templateName,
  columns,
  fieldLabel,
  onClose,
}: CsvImportDrawerProps<Row>) {
  const { t } = useTranslation([ns, 'common']);
  const errorText = useErrorText();
  const [file, setFile] = useState<{ name: string; content: ImportFile } | null>(null);
  const [result, setResult] = useState<CsvPreview<Row> | null>(null);
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
    const content = await importFileOf(picked);
    setFile({ name: picked.name, content });
    check.mutate(content, { onSuccess: setResult, onError: (cause) => setError(errorText(cause)) });
  }

  function importAll() {
    if (!file) return;
    commit.mutate(file.content, {
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
        <Text size="sm">{t('import.intro', { max: maxRows })}</Text>
        <Anchor
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(template)}`}
          download={templateName}
          size="sm"
        >
          {t('import.template')}
        </Anchor>
        <Group>
          <FileButton
            onChange={(f) => void pick(f)}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          >
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
                    {columns.map((column) => (
                      <Table.Th key={column.label}>{column.label}</Table.Th>
                    ))}
                    <Table.Th>{t('import.result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((row) => {
                    const errors = Object.entries(row.errors);
                    return (
                      <Table.Tr key={row.line}>
                        <Table.Td>{row.line}</Table.Td>
                        {columns.map((column) => (
                          <Table.Td key={column.label}>{column.value(row)}</Table.Td>
                        ))}
                        <Table.Td>
                          {errors.length === 0 ? (
                            <Text size="sm" c="green">
                              {t('import.ok')}
                            </Text>
                          ) : (
                            <List size="sm" c="red">
                              {errors.map(([field, message]) => (
                                <List.Item key={field}>
                                  {fieldLabel(field)}: {message}
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
