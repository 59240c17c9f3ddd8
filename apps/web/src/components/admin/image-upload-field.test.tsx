import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ImageUploadField } from './image-upload-field';
import { errorBody, mockApi, renderWithProviders } from '@/test/render';

const FILE_ID = '01a2010e-3799-7000-8000-00000000f001';

function Harness({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <>
      <ImageUploadField label="Logo" purpose="logo" value={value} onChange={setValue} />
      <output aria-label="value">{value ?? 'none'}</output>
    </>
  );
}

const png = (bytes = 10) => new File([new Uint8Array(bytes)], 'logo.png', { type: 'image/png' });

function fileInput(container: HTMLElement): HTMLInputElement {
  const input = container.querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  return input;
}

describe('ImageUploadField', () => {
  it('uploads the picked image at once and keeps the returned file id, with a preview', async () => {
    const api = mockApi([
      {
        method: 'POST',
        path: '/api/v1/files/images',
        status: 201,
        body: { id: FILE_ID, url: `/api/v1/files/${FILE_ID}`, mimeType: 'image/png', sizeBytes: 10 },
      },
    ]);
    const { container } = renderWithProviders(<Harness />);
    await userEvent.upload(fileInput(container), png());
    await waitFor(() => expect(screen.getByLabelText('value')).toHaveTextContent(FILE_ID));
    const request = api.requests.find((r) => r.method === 'POST');
    expect(request?.url).toBe('/api/v1/files/images?purpose=logo');
    expect(request?.body).toBeInstanceOf(FormData);
    expect((request?.body as FormData).get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('img', { name: 'Pratinjau Logo' })).toHaveAttribute(
      'src',
      `/api/v1/files/${FILE_ID}`,
    );
  });

  it('refuses a file over the size limit before sending it', async () => {
    const api = mockApi([]);
    const { container } = renderWithProviders(<Harness />);
    await userEvent.upload(fileInput(container), png(2 * 1024 * 1024));
    expect(await screen.findByText('Ukuran berkas maksimal 1 MB.')).toBeInTheDocument();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);
    expect(screen.getByLabelText('value')).toHaveTextContent('none');
  });

  it("shows the server's refusal and keeps the previous value; remove clears it", async () => {
    mockApi([
      {
        method: 'POST',
        path: '/api/v1/files/images',
        status: 415,
        body: errorBody('UNSUPPORTED_MEDIA_TYPE'),
      },
    ]);
    const { container } = renderWithProviders(<Harness initial={FILE_ID} />);
    await userEvent.upload(fileInput(container), png());
    expect(await screen.findByText('Jenis berkas harus PNG, JPEG, WebP.')).toBeInTheDocument();
    expect(screen.getByLabelText('value')).toHaveTextContent(FILE_ID);
    await userEvent.click(screen.getByRole('button', { name: 'Hapus gambar' }));
    expect(screen.getByLabelText('value')).toHaveTextContent('none');
  });
});
