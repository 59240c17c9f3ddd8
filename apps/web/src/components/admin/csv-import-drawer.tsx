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

const MAX_FILE_BYTES = 512 * 1024;

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
  preview: UseMutationResult<CsvPreview<Row>, Error, string>;
  commit: UseMutationResult<{ created: number }, Error, string>;
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
 * Importing a CSV file (users, branches): pick the file, the server checks every row (the errors
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
  const [file, setFile] = useState<{ name: string; csv: string } | null>(null);
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
        <Text size="sm">{t('import.intro', { max: maxRows })}</Text>
        <Anchor
          href={`data:text/csv;charset=utf-8,${encodeURIComponent(template)}`}
          download={templateName}
          size="sm"
        >
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
