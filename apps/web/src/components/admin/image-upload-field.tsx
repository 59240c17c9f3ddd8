import { useState } from 'react';
import { Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  IMAGE_RULES,
  fileUrl,
  filesContract,
  type ImageMimeType,
  type ImagePurpose,
  type StoredImage,
} from '@antrean/shared/contracts/files.contract';
import { api, isApiError } from '@/lib/api';
import { useErrorText } from '@/lib/error-text';

const TYPE_NAMES: Record<ImageMimeType, string> = {
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
  'image/webp': 'WebP',
  'image/x-icon': 'ICO',
};

function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}

/** Uploads one image of the tenant and answers the stored file (its id is what a form saves). */
function useUploadImage(purpose: ImagePurpose, upload?: (form: FormData) => Promise<StoredImage>) {
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return upload ? upload(form) : api.call(filesContract.uploadImage, { query: { purpose }, form });
    },
  });
}

/**
 * A form field holding an uploaded image's file id (a logo, favicon, background or a user's
 * photo): picking a file uploads it at once (the server reads its type from the bytes and
 * bounds its size; the same rules are checked here first so a wrong file never travels), then
 * the preview shows it; "remove" clears the value. The entity's own save stores the id.
 */
export function ImageUploadField({
  label,
  purpose,
  value,
  onChange,
  error,
  description,
  upload,
  previewUrl = fileUrl,
}: {
  label: string;
  purpose: ImagePurpose;
  value: string | null;
  onChange: (fileId: string | null, stored?: StoredImage) => void;
  /** A field error from the form (e.g. the server's). */
  error?: string | null;
  description?: string;
  /**
   * Where the image is sent instead of `POST /api/v1/files/images` (the multipart form with the
   * `file` part), e.g. the superadmin's upload into the tenant being edited.
   */
  upload?: (form: FormData) => Promise<StoredImage>;
  /** Where the preview is read (default: the tenant's file route). */
  previewUrl?: (fileId: string) => string;
}) {
  const { t } = useTranslation('common');
  const errorText = useErrorText();
  const uploadImage = useUploadImage(purpose, upload);
  const [localError, setLocalError] = useState<string | null>(null);
  const rule = IMAGE_RULES[purpose];
  const types = rule.types.map((type) => TYPE_NAMES[type]).join(', ');
  const size = sizeText(rule.maxBytes);
  const id = `image-upload-${purpose}-${label.replace(/\W+/g, '-').toLowerCase()}`;

  function pick(file: File | null) {
    setLocalError(null);
    if (!file) return;
    if (file.size > rule.maxBytes) {
      setLocalError(t('admin.upload.tooLarge', { size }));
      return;
    }
    if (file.type && !rule.types.some((type) => type === file.type)) {
      setLocalError(t('admin.upload.wrongType', { types }));
      return;
    }
    uploadImage.mutate(file, {
      onSuccess: (stored) => onChange(stored.id, stored),
      onError: (cause) =>
        setLocalError(
          isApiError(cause) && cause.code === 'UNSUPPORTED_MEDIA_TYPE'
            ? t('admin.upload.wrongType', { types })
            : isApiError(cause) && cause.code === 'PAYLOAD_TOO_LARGE'
              ? t('admin.upload.tooLarge', { size })
              : errorText(cause),
        ),
    });
  }

  const shownError = localError ?? error ?? null;
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description ?? t('admin.upload.hint', { types, size })}
      error={shownError}
    >
      <Stack gap="xs" mt={4}>
        {value && (
          <Image
            src={previewUrl(value)}
            alt={t('admin.upload.preview', { label })}
            h={72}
            w="auto"
            fit="contain"
            radius="sm"
            style={{ alignSelf: 'flex-start', background: 'var(--mantine-color-gray-1)' }}
          />
        )}
        <Group gap="xs">
          <FileButton onChange={pick} accept={rule.types.join(',')}>
            {(props) => (
              <Button
                {...props}
                id={id}
                variant="default"
                size="xs"
                loading={uploadImage.isPending}
                aria-describedby={shownError ? `${id}-error` : undefined}
              >
                {t('admin.upload.choose')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="red" size="xs" onClick={() => onChange(null)}>
              {t('admin.upload.remove')}
            </Button>
          )}
          {uploadImage.isPending && (
            <Text size="xs" c="dimmed" role="status">
              {t('admin.upload.uploading')}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
