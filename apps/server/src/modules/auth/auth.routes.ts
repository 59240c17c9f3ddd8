import type { FastifyInstance, FastifyReply } from 'fastify';
import { authContract } from '@antrean/shared/contracts/auth.contract';
import { defineRoute } from '../../lib/route';
import { requireStaff } from '../../lib/policy';
import { SESSION_COOKIE } from '../../plugins/auth';
import type { Deps } from '../../lib/deps';
import type { AuthService } from './auth.service';

export function authRoutes(app: FastifyInstance, deps: Deps, auth: AuthService): void {
  const secure = deps.config.env === 'production' && (deps.config.publicUrl?.startsWith('https://') ?? false);
  const setCookie = (reply: FastifyReply, token: string, expiresAt: number) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      expires: new Date(expiresAt),
    });

  defineRoute(
    app,
    authContract.login,
    { auth: 'public', rateLimitPerMinute: 30 },
    async ({ body, request, reply }) => {
      const { token, user, expiresAt } = await auth.login({
        username: body.username,
        password: body.password,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        previousToken: request.cookies[SESSION_COOKIE],
      });
      setCookie(reply, token, expiresAt);
      return { user };
    },
  );

  defineRoute(app, authContract.logout, { auth: 'public' }, async ({ request, reply }) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await auth.logout(token);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return null;
  });

  defineRoute(app, authContract.me, { auth: { staff: 'any' } }, async ({ actor }) => ({
    user: await auth.me(requireStaff(actor)),
  }));

  defineRoute(app, authContract.updatePreferences, { auth: { staff: 'any' } }, async ({ actor, body }) => ({
    user: await auth.updateLanguage(requireStaff(actor), body.language),
  }));
}
