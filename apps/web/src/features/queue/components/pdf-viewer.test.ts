import { describe, expect, it } from 'vitest';
import { classifyPdfError } from './pdf-viewer';

function named(name: string, extra: Record<string, unknown> = {}) {
  return Object.assign(new Error(name), { name, ...extra });
}

describe('PDF viewer error states', () => {
  it('tells a corrupted file, a missing file, an unexpected answer and a load failure apart', () => {
    expect(classifyPdfError(named('InvalidPDFException'))).toEqual({ kind: 'invalid' });
    expect(classifyPdfError(named('ResponseException', { status: 404, missing: true }))).toEqual({
      kind: 'missing',
      status: 404,
    });
    expect(classifyPdfError(named('ResponseException', { status: 500, missing: false }))).toEqual({
      kind: 'unexpected',
      status: 500,
    });
    expect(classifyPdfError(new TypeError('Failed to fetch'))).toEqual({ kind: 'loadError' });
  });
});
