import { z } from 'zod';
import { defineContract } from './contract';
import { PasswordSchema, SessionUserSchema, LanguageSchema, requiredError } from '../domain/user';

export const LoginBodySchema = z.object({
  username: z
    .string({ error: requiredError('v.required') })
    .trim()
    .min(1, { error: 'v.required' })
    .max(100),
  password: PasswordSchema,
});
export type LoginBody = z.infer<typeof LoginBodySchema>;

const SessionResponseSchema = z.object({ user: SessionUserSchema });

export const authContract = {
  login: defineContract({
    method: 'POST',
    path: '/api/v1/auth/login',
    summary: 'Sign in a staff member; sets the session cookie',
    tags: ['auth'],
    body: LoginBodySchema,
    responses: { 200: SessionResponseSchema },
  }),
  logout: defineContract({
    method: 'POST',
    path: '/api/v1/auth/logout',
    summary: 'Sign out; revokes the session',
    tags: ['auth'],
    responses: { 204: z.null() },
  }),
  me: defineContract({
    method: 'GET',
    path: '/api/v1/auth/me',
    summary: 'The signed-in staff member',
    tags: ['auth'],
    responses: { 200: SessionResponseSchema },
  }),
  updatePreferences: defineContract({
    method: 'PATCH',
    path: '/api/v1/auth/me',
    summary: "Update the signed-in staff member's preferences (language)",
    tags: ['auth'],
    body: z.object({ language: LanguageSchema }),
    responses: { 200: SessionResponseSchema },
  }),
};
