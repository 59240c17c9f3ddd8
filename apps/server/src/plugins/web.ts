import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isDevicePath } from '@antrean/shared/common/device-paths';
import { sendError } from './errors';

/**
 * Serves the built React apps when they exist. Unknown /api paths are JSON 404s; device screens
 * (kiosk, displays, on-site) get the light devices.html; any other GET gets index.html so the
 * staff app's router renders the screen (or its not-found page).
 */
export async function installWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const indexFile = webDist ? path.join(webDist, 'index.html') : undefined;
  const hasWeb = !!indexFile && fs.existsSync(indexFile);
  if (hasWeb && webDist) {
    await app.register(async (web) => {
      web.addHook('onRoute', (route) => {
        route.config = { ...(route.config ?? {}), auth: 'public' };
      });
      await web.register(fastifyStatic, {
        root: webDist,
        wildcard: false,
        index: false,
        setHeaders: (reply, filePath) => {
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            reply.header('cache-control', 'public, max-age=31536000, immutable');
          }
        },
      });
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (url === '/api' || url.startsWith('/api/') || request.method !== 'GET' || !hasWeb) {
      return sendError(request, reply, 'ROUTE_NOT_FOUND');
    }
    if (path.extname(url) !== '') return sendError(request, reply, 'ROUTE_NOT_FOUND');
    // reply.sendFile is decorated inside the encapsulated static plugin only, so read the file
    // here (per request: a rebuilt web app is picked up without a restart).
    const file = isDevicePath(url) && webDist ? path.join(webDist, 'devices.html') : indexFile;
    const html = await fs.promises.readFile(file);
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  });
}
