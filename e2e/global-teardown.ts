import fs from 'node:fs';

/** Removes the temporary data directory the e2e server used (made in playwright.config.ts). */
export default function globalTeardown(): void {
  const dir = process.env.ANTREAN_E2E_DATA_DIR;
  if (dir?.includes('antrean-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
