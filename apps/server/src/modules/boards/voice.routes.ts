import type { FastifyInstance } from 'fastify';
import { voiceContract } from '@antrean/shared/contracts/voice.contract';
import { defineRoute } from '../../lib/route';
import type { VoiceService } from './voice.service';

/** The tenant's voice settings: an admin of the tenant (or a superadmin acting in it). */
export function voiceRoutes(app: FastifyInstance, voice: VoiceService): void {
  const auth = { staff: 'tenant.configure' } as const;
  defineRoute(app, voiceContract.get, { auth }, ({ actor }) => voice.get(actor));
  defineRoute(app, voiceContract.update, { auth }, ({ actor, body }) => voice.update(actor, body));
}
