import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/** Why a PDF could not be shown: each reason gets its own message. */
type PdfErrorKind = 'loadError' | 'invalid' | 'missing' | 'unexpected';

export interface PdfError {
  kind: PdfErrorKind;
  status?: number;
}

/** Maps pdf.js failures to the four states the viewer explains. */
export function classifyPdfError(error: unknown): PdfError {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  if (name === 'InvalidPDFException') return { kind: 'invalid' };
  if (name === 'MissingPDFException') return { kind: 'missing' };
  if (name === 'ResponseException' || name === 'UnexpectedResponseException') {
    const status =
      typeof error === 'object' && error !== null && 'status' in error ? Number(error.status) : 0;
    const missing =
      typeof error === 'object' && error !== null && 'missing' in error && error.missing === true;
    if (missing || status === 404 || status === 410) return { kind: 'missing', status };
    if (status === 0) return { kind: 'loadError' };
    return { kind: 'unexpected', status };
  }
  if (name === 'FormatError' || name === 'UnknownErrorException') return { kind: 'invalid' };
  return { kind: 'loadError' };
}

/**
 * A PDF viewer for e-form files: pdf.js with its worker bundled by Vite (never a CDN), one
 * page at a time on a canvas, and an explained state for every failure.
 */
/** @public Built for the e-form files of a ticket and the guides; their pages are not built yet. */
export function PdfViewer({ url, title }: { url: string; title?: string }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <PdfDocumentView
      key={`${url}#${String(attempt)}`}
      url={url}
      title={title}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

function PdfDocumentView({
  url,
  title,
  onRetry,
}: {
  url: string;
  title: string | undefined;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['caller', 'common']);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<PdfError | null>(null);
  const [page, setPage] = useState(1);

  useEffect(() => {
    const run = { cancelled: false };
    let loaded: PDFDocumentProxy | null = null;
    void (async () => {
      try {
        const pdfjs = await import('pdfjs-dist');
        pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
        const task = pdfjs.getDocument({ url, withCredentials: true });
        const pdf = await task.promise;
        loaded = pdf;
        if (run.cancelled) {
          void pdf.destroy();
          return;
        }
        setDoc(pdf);
      } catch (cause) {
        if (!run.cancelled) setError(classifyPdfError(cause));
      }
    })();
    return () => {
      run.cancelled = true;
      if (loaded) void loaded.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!doc || !canvasRef.current) return undefined;
    const canvas = canvasRef.current;
    const run = { cancelled: false };
    let renderTask: { cancel: () => void } | null = null;
    void (async () => {
      try {
        const pdfPage = await doc.getPage(page);
        if (run.cancelled) return;
        const viewport = pdfPage.getViewport({ scale: 1.25 });
        canvas.width = viewport.width;
        canvas.height = viewport.height;
        const task = pdfPage.render({ canvas, viewport });
        renderTask = task;
        await task.promise;
      } catch (cause) {
        const name = typeof cause === 'object' && cause !== null && 'name' in cause ? String(cause.name) : '';
        if (!run.cancelled && name !== 'RenderingCancelledException') setError({ kind: 'invalid' });
      }
    })();
    return () => {
      run.cancelled = true;
      renderTask?.cancel();
    };
  }, [doc, page]);

  if (error) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" title={title}>
        <Stack gap={4}>
          <Text size="sm">{t(`pdf.${error.kind}`, { status: error.status ?? 0 })}</Text>
          {error.kind === 'loadError' ? (
            <Anchor component="button" type="button" size="sm" onClick={onRetry}>
              {t('common:actions.retry')}
            </Anchor>
          ) : null}
        </Stack>
      </Alert>
    );
  }

  return (
    <Paper withBorder p="sm" role="region" aria-label={title ?? t('pdf.label')}>
      {doc ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <ActionIcon
              variant="default"
              aria-label={t('pdf.prev')}
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              <IconChevronLeft size={16} aria-hidden />
            </ActionIcon>
            <Text size="sm" aria-live="polite">
              {t('pdf.page', { page, total: doc.numPages })}
            </Text>
            <ActionIcon
              variant="default"
              aria-label={t('pdf.next')}
              disabled={page >= doc.numPages}
              onClick={() => setPage((p) => p + 1)}
            >
              <IconChevronRight size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <canvas ref={canvasRef} style={{ width: '100%', height: 'auto' }} />
          <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
            {t('pdf.open')}
          </Anchor>
        </Stack>
      ) : (
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">{t('pdf.loading')}</Text>
        </Group>
      )}
    </Paper>
  );
}
