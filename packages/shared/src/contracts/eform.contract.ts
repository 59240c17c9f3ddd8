import { defineContract } from './contract';
import { EformInputSchema, EformSchema } from '../domain/eform';
import { ServiceParamsSchema } from './services.contract';

/**
 * A service's e-form (`/dashboard/master/eform`, admin): its fields in order, read and saved
 * whole in one transaction (audited). Visitors' answers are checked against the fields with
 * `validateEformAnswers` (domain/eform-answers.ts), the same on the kiosk, the web and the server.
 */
export const eformContract = {
  get: defineContract({
    method: 'GET',
    path: '/api/v1/services/:serviceId/eform',
    summary: "A service's e-form fields, in order (admin)",
    tags: ['services'],
    params: ServiceParamsSchema,
    responses: { 200: EformSchema },
  }),
  save: defineContract({
    method: 'PUT',
    path: '/api/v1/services/:serviceId/eform',
    summary: "Save a service's e-form fields whole (admin, audited)",
    tags: ['services'],
    params: ServiceParamsSchema,
    body: EformInputSchema,
    responses: { 200: EformSchema },
  }),
};
