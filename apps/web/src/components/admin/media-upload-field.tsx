import { useRef, useState } from 'react';
import { Anchor, Button, FileButton, Group, Image, Input, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  UPLOAD_RULES,
  fileUrl,
  filesContract,
  uploadMaxBytes,
  type MediaMimeType,
  type StoredFile,
  type UploadPurpose,
} from '@antrean/shared/contracts/files.contract';
import { api, isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';

const TYPE_NAMES: Record<MediaMimeType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/x-icon': 'ICO',
  'video/mp4': 'MP4',
  'video/webm': 'WebM',
  'application/pdf': 'PDF',
};

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`;
}

/**
 * A form field holding an uploaded file's id — an image, a video or a PDF, by `purpose`
 * (`POST /api/v1/files?purpose=…`): picking a file uploads it at once with a progress bar (XHR
 * upload progress), checked here first against the purpose's types and size so a wrong file never
 * travels (the server reads the type from the bytes and has the last word). The preview shows the
 * image, plays the video muted, or links the PDF; "remove" clears the value. The entity's own save
 * stores the id.
 */
export function MediaUploadField({
  label,
  purpose,
  value,
  onChange,
  error,
  description,
  required,
}: {
  label: string;
  purpose: UploadPurpose;
  value: string | null;
  onChange: (fileId: string | null, stored?: StoredFile) => void;
  /** A field error from the form (e.g. the server's). */
  error?: string | null;
  description?: string;
  required?: boolean;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const [progress, setProgress] = useState<number | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const rule = UPLOAD_RULES[purpose];
  const maxBytes = uploadMaxBytes(purpose);
  const types = rule.types.map((type) => TYPE_NAMES[type]).join(', ');
  const size = sizeText(maxBytes);
  const id = `media-upload-${purpose}-${label.replace(/\W+/g, '-').toLowerCase()}`;
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      abort.current = new AbortController();
      setProgress(0);
      return api.upload(filesContract.upload, {
        query: { purpose },
        form,
        onProgress: setProgress,
        signal: abort.current.signal,
      });
    },
    onSettled: () => setProgress(null),
  });

  function pick(file: File | null) {
    setLocalError(null);
    if (!file) return;
    if (file.size > maxBytes) {
      setLocalError(t('admin.upload.tooLarge', { size }));
      return;
    }
    if (file.type && !rule.types.some((type) => type === file.type)) {
      setLocalError(t('admin.upload.wrongType', { types }));
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => onChange(stored.id, stored),
      onError: (cause) => {
        if (cause instanceof DOMException && cause.name === 'AbortError') return;
        setLocalError(
          isApiError(cause) && cause.code === 'UNSUPPORTED_MEDIA_TYPE'
            ? t('admin.upload.wrongType', { types })
            : isApiError(cause) && cause.code === 'PAYLOAD_TOO_LARGE'
              ? t('admin.upload.tooLarge', { size })
              : errorText(cause),
        );
      },
    });
  }

  const shownError = localError ?? error ?? null;
  const percent = progress === null ? null : Math.round(progress * 100);
  return (
    <Input.Wrapper
      id={id}
      label={label}
      required={required}
      description={description ?? t('admin.upload.hint', { types, size })}
      error={shownError}
    >
      <Stack gap="xs" mt={4}>
        {value && rule.kind === 'image' && (
          <Image
            src={fileUrl(value)}
            alt={t('admin.upload.preview', { label })}
            h={96}
            w="auto"
            fit="contain"
            radius="sm"
            style={{ alignSelf: 'flex-start', background: 'var(--mantine-color-gray-1)' }}
          />
        )}
        {value && rule.kind === 'video' && (
          <video
            src={fileUrl(value)}
            aria-label={t('admin.upload.preview', { label })}
            muted
            controls
            playsInline
            preload="metadata"
            style={{ maxHeight: 160, maxWidth: '100%', alignSelf: 'flex-start', borderRadius: 4 }}
          />
        )}
        {value && rule.kind === 'pdf' && (
          <Anchor href={fileUrl(value)} target="_blank" rel="noreferrer" size="sm">
            {t('admin.upload.openFile')}
          </Anchor>
        )}
        <Group gap="xs">
          <FileButton onChange={pick} accept={rule.types.join(',')}>
            {(props) => (
              <Button
                {...props}
                id={id}
                variant="default"
                size="xs"
                loading={upload.isPending}
                aria-describedby={shownError ? `${id}-error` : undefined}
              >
                {t('admin.upload.chooseFile')}
              </Button>
            )}
          </FileButton>
          {value && !upload.isPending && (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
              {t('admin.upload.removeFile')}
            </Button>
          )}
          {upload.isPending && (
            <Button variant="subtle" size="xs" onClick={() => abort.current?.abort()}>
              {t('actions.cancel')}
            </Button>
          )}
        </Group>
        {percent !== null && (
          <Stack gap={2} role="status">
            <Progress value={percent} size="sm" aria-label={t('admin.upload.progress', { percent })} />
            <Text size="xs" c="dimmed">
              {t('admin.upload.progress', { percent })}
            </Text>
          </Stack>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
