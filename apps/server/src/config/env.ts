import { z } from 'zod';
import path from 'node:path';
import { MEDIA_KIND_MAX_BYTES, type MediaKind } from '@antrean/shared/contracts/files.contract';

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** postgres://… selects PostgreSQL; empty means the embedded SQLite database. */
  DATABASE_URL: z.string().optional(),
  /** PostgreSQL connections per server process (one of them listens for live events). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(10),
  DATA_DIR: z.string().default('data'),
  /** `demo` (default outside production) seeds the demo tenants on an empty database; `none` skips it. */
  ANTREAN_SEED: z.enum(['demo', 'none']).optional(),
  PUBLIC_URL: z.string().optional(),
  /** Extra origins (comma separated) allowed to open the live WebSocket. */
  ALLOWED_ORIGINS: z.string().default(''),
  /** The whole request (headers and body) must arrive within this (Node's requestTimeout). */
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(300_000),
  /** The headers must arrive within this (Node's headersTimeout; at most the request timeout). */
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  /** A connection silent in both directions for this long is closed (Fastify's connectionTimeout). */
  HTTP_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).default(120_000),
  /** Requests one client address may have in progress at once; 0: no limit. */
  HTTP_MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(0).default(256),
  /** `off` takes the API documentation (/api/docs, its UI and JSON) off the server, e.g. in production. */
  API_DOCS: z.enum(['on', 'off']).default('on'),
  /** The Contact of /.well-known/security.txt (mailto: or https:); default security@ the public host. */
  SECURITY_CONTACT: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  /** Topics one live socket may hold at once (issue 13). */
  LIVE_MAX_TOPICS_PER_SOCKET: z.coerce.number().int().min(1).default(100),
  /** Live sockets one client address may hold open; 0: no limit (e.g. when a proxy limits). */
  LIVE_MAX_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(0).default(200),
  /** Refused subscriptions (and malformed frames) after which a live socket is closed (4429). */
  LIVE_MAX_REFUSED_PER_SOCKET: z.coerce.number().int().min(1).default(50),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  WEB_DIST: z.string().optional(),
  /** 32 bytes (base64 or hex) that encrypt stored secrets; empty: DATA_DIR/secret.key, generated once. */
  ANTREAN_SECRET_KEY: z.string().optional(),
  /** The WhatsApp Cloud API's base URL (the Graph API version included). */
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /** The largest upload per kind, in bytes (defaults: image 5 MB, PDF 20 MB, video 200 MB). */
  UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(MEDIA_KIND_MAX_BYTES.image),
  UPLOAD_MAX_PDF_BYTES: z.coerce.number().int().positive().default(MEDIA_KIND_MAX_BYTES.pdf),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(MEDIA_KIND_MAX_BYTES.video),
});

type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string; poolSize: number };
  dataDir: string;
  seed: 'demo' | 'none';
  publicUrl: string | undefined;
  allowedOrigins: string[];
  sessionTtlMs: number;
  /** Whether /api/docs (the UI and the OpenAPI document) is served. */
  apiDocs: boolean;
  /** The Contact line of /.well-known/security.txt. */
  securityContact: string;
  /** Slow-client limits of the HTTP server (issue 13): timeouts and requests in progress per address. */
  http: {
    requestTimeoutMs: number;
    headersTimeoutMs: number;
    idleTimeoutMs: number;
    maxRequestsPerAddress: number;
  };
  /** Live socket limits: topics per socket, sockets per client address (0: none), refusals per socket. */
  live: { maxTopicsPerSocket: number; maxSocketsPerAddress: number; maxRefusedPerSocket: number };
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  webDist: string | undefined;
  version: string;
  /** The key for secrets stored encrypted (lib/secret-box.ts); undefined: DATA_DIR/secret.key. */
  secretKey: string | undefined;
  whatsappApiUrl: string;
  /** The largest upload per kind of file, in bytes. */
  uploadLimits: Record<MediaKind, number>;
}

export function isPostgresUrl(url: string | undefined): url is string {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}

function publicHost(publicUrl: string | undefined): string {
  try {
    return publicUrl ? new URL(publicUrl).hostname : 'localhost';
  } catch {
    return 'localhost';
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env = EnvSchema.parse(source);
  const dataDir = path.resolve(env.DATA_DIR);
  const isProduction = env.NODE_ENV === 'production';
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    database: isPostgresUrl(env.DATABASE_URL)
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'sqlite', file: path.join(dataDir, 'antrean.sqlite') },
    dataDir,
    seed: isProduction ? 'none' : (env.ANTREAN_SEED ?? 'demo'),
    publicUrl: env.PUBLIC_URL,
    allowedOrigins: env.ALLOWED_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    sessionTtlMs: env.SESSION_TTL_HOURS * 3600_000,
    apiDocs: env.API_DOCS === 'on',
    securityContact: env.SECURITY_CONTACT ?? `mailto:security@${publicHost(env.PUBLIC_URL)}`,
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(env.HTTP_HEADERS_TIMEOUT_MS, env.HTTP_REQUEST_TIMEOUT_MS),
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_MS,
      maxRequestsPerAddress: env.HTTP_MAX_REQUESTS_PER_ADDRESS,
    },
    live: {
      maxTopicsPerSocket: env.LIVE_MAX_TOPICS_PER_SOCKET,
      maxSocketsPerAddress: env.LIVE_MAX_SOCKETS_PER_ADDRESS,
      maxRefusedPerSocket: env.LIVE_MAX_REFUSED_PER_SOCKET,
    },
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    webDist: env.WEB_DIST,
    version: process.env.npm_package_version ?? '0.1.0',
    secretKey: env.ANTREAN_SECRET_KEY === '' ? undefined : env.ANTREAN_SECRET_KEY,
    whatsappApiUrl: env.WHATSAPP_API_URL.replace(/\/+$/, ''),
    uploadLimits: {
      image: env.UPLOAD_MAX_IMAGE_BYTES,
      pdf: env.UPLOAD_MAX_PDF_BYTES,
      video: env.UPLOAD_MAX_VIDEO_BYTES,
    },
  };
}
