import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, renderSchema } from './gen-types';

describe('db/schema.ts', () => {
  it('is the current rendering of the migrations (run `npm run db:types -w @antrean/server`)', async () => {
    const committed = fs.readFileSync(SCHEMA_FILE, 'utf8');
    const rendered = await renderSchema();
    expect(rendered.length).toBeGreaterThan(1000);
    expect(committed).toBe(rendered);
  });
});
