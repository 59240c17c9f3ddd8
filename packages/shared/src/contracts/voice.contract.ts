import { defineContract } from './contract';
import { VoiceSettingsInputSchema, VoiceSettingsSchema } from '../domain/voice';

/**
 * The tenant's voice settings (`/dashboard/parameter/mode-suara`, admin). Saving reaches every
 * active display at once (`voice.updated`): the next call is spoken the new way.
 */
export const voiceContract = {
  get: defineContract({
    method: 'GET',
    path: '/api/v1/voice-settings',
    summary: "The tenant's voice mode, number reading and sentences (admin)",
    tags: ['voice'],
    responses: { 200: VoiceSettingsSchema },
  }),
  update: defineContract({
    method: 'PUT',
    path: '/api/v1/voice-settings',
    summary: "Save the tenant's voice settings (admin, audited, live on the displays)",
    tags: ['voice'],
    body: VoiceSettingsInputSchema,
    responses: { 200: VoiceSettingsSchema },
  }),
};
