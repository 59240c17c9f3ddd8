import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from './config/env';
import { openDatabase } from './db/open';
import { isDatabaseEmpty, seedDemo, DEMO_LOGINS, DEMO_PASSWORD } from './db/seed/demo';
import { systemClock } from './lib/clock';
import { buildApp } from './app';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  config.webDist ??= path.resolve(here, '../../web/dist');
  const database = await openDatabase(config);
  let seeded = false;
  if (config.seed === 'demo' && (await isDatabaseEmpty(database))) {
    await seedDemo(database, systemClock.now());
    seeded = true;
  }
  const app = await buildApp({ config, database, clock: systemClock }, { logger: true });

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
  const url = config.publicUrl ?? `http://localhost:${config.port}`;
  const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL';
  const lines = [
    '',
    `  Antrean is running at ${url}`,
    `  Database: ${config.database.kind} (${where})${seeded ? ', demo data seeded' : ''}`,
    `  API docs: ${url}/api/docs`,
  ];
  if (config.seed === 'demo') {
    lines.push(`  Demo logins (password "${DEMO_PASSWORD}"):`);
    for (const login of DEMO_LOGINS) lines.push(`    ${login.username.padEnd(18)} ${login.description}`);
    lines.push(`  Kiosk: ${url}/mkios/KIOS-JKT01   Display: ${url}/display/DSP-JKT01`);
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
