/**
 * Operator commands for an installation, run beside the server:
 *
 *   node apps/server/dist/cli.js create-superadmin --username <u> --password <p> [--full-name <n>]
 *   npm run cli -w @antrean/server -- create-superadmin …      (from the sources, via tsx)
 *
 * Production never seeds demo data, so this is how its first superadmin is made. The command
 * reads the same environment as the server (DATABASE_URL, DATA_DIR, …) and migrates the
 * database first, so it also works before the server has ever started.
 */
import { parseArgs } from 'node:util';
import { FullNameSchema, UsernameSchema } from '@antrean/shared/domain/user';
import { loadConfig } from './config/env';
import { openDatabase } from './db/open';
import { Seeder } from './db/seed/seeder';
import { systemClock } from './lib/clock';
import { hashPassword } from './lib/crypto';
import { isUsernameTaken } from './modules/auth/staff.repository';

const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200;

const HELP = `Antrean command line

Usage:
  node apps/server/dist/cli.js <command> [options]
  npm run cli -w @antrean/server -- <command> [options]

Commands:
  create-superadmin --username <name> --password <password> [--full-name <name>]
      Creates a platform superadmin (for production, where no demo data is seeded).
      The username needs at least 7 characters and no spaces; the password at least
      ${MIN_PASSWORD_LENGTH} characters. Refuses a username that is already taken.
  help
      Shows this text.

The database is the server's: DATABASE_URL (postgres://…) or DATA_DIR/antrean.sqlite
(DATA_DIR defaults to ./data, relative to the directory you run the command from).
`;

/** A failure the user can fix: printed without a stack trace. */
class UsageError extends Error {}

async function createSuperadmin(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'full-name': { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });

  const username = UsernameSchema.safeParse(values.username);
  if (!username.success) {
    throw new UsageError(
      values.username === undefined
        ? '--username is required'
        : '--username needs at least 7 characters, at most 50, and no spaces',
    );
  }
  const password = values.password;
  if (password === undefined) throw new UsageError('--password is required');
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) {
    throw new UsageError(
      `--password needs at least ${MIN_PASSWORD_LENGTH} characters (at most ${MAX_PASSWORD_LENGTH})`,
    );
  }
  const fullName = FullNameSchema.safeParse(values['full-name'] ?? 'Super Admin');
  if (!fullName.success) throw new UsageError('--full-name needs 3 to 100 characters');

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    const passwordHash = await hashPassword(password);
    const now = systemClock.now();
    const id = await database.db.transaction().execute(async (trx) => {
      if (await isUsernameTaken(trx, username.data)) {
        throw new UsageError(`the username "${username.data}" is already taken`);
      }
      return new Seeder(trx, now).platformUser(username.data, fullName.data, passwordHash);
    });
    const where = config.database.kind === 'sqlite' ? config.database.file : 'PostgreSQL (DATABASE_URL)';
    console.log(`Created superadmin "${username.data}" (id ${id}) in ${where}.`);
    console.log('Sign in at /login with this username and password.');
  } finally {
    await database.close();
  }
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  switch (command) {
    case 'create-superadmin':
      await createSuperadmin(rest);
      return;
    case undefined:
    case 'help':
    case '--help':
    case '-h':
      process.stdout.write(HELP);
      if (command === undefined) process.exitCode = 1;
      return;
    default:
      throw new UsageError(`unknown command "${command}" (try "help")`);
  }
}

// `npm run cli -w @antrean/server` runs in apps/server; resolve relative paths (DATA_DIR) from
// where the user typed the command, like the server started from the repository root does.
if (process.env.INIT_CWD && process.env.npm_lifecycle_event === 'cli') process.chdir(process.env.INIT_CWD);

run(process.argv.slice(2)).catch((error: unknown) => {
  // parseArgs reports unknown or malformed options with a TypeError carrying an ERR_PARSE_ARGS_* code.
  const isArgsError =
    error instanceof Error && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS');
  if ((error instanceof UsageError || isArgsError) && error instanceof Error) {
    console.error(`Error: ${error.message}`);
  } else {
    console.error('Error:', error);
  }
  process.exitCode = 1;
});
