import type { FastifyInstance } from 'fastify';
import type { Deps } from '../lib/deps';

const YEAR_MS = 365 * 24 * 3600_000;

/**
 * `/.well-known/security.txt` (RFC 9116): where to report a vulnerability. `Expires` is a year
 * from now by the injected clock (the file never goes stale on a running server); `Canonical`
 * when the public URL is known.
 */
export function securityTxtRoute(app: FastifyInstance, deps: Deps): void {
  app.get(
    '/.well-known/security.txt',
    { config: { auth: 'public' }, schema: { hide: true } },
    async (_request, reply) => {
      const { publicUrl, securityContact } = deps.config;
      const lines = [
        `Contact: ${securityContact}`,
        `Expires: ${new Date(deps.clock.now() + YEAR_MS).toISOString()}`,
        'Preferred-Languages: id, en',
        ...(publicUrl ? [`Canonical: ${publicUrl.replace(/\/+$/, '')}/.well-known/security.txt`] : []),
      ];
      return reply.type('text/plain; charset=utf-8').send(`${lines.join('\n')}\n`);
    },
  );
}
