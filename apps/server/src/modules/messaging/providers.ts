import type { OutboxRow } from './outbox.repository';

/** Sends one queued message; throws to be retried later. */
export interface MessageProvider {
  send(message: OutboxRow): Promise<{ providerMessageId: string | null }>;
}

/**
 * The default provider: the message is written to the server log (and stays visible in the
 * admin's outbox page), so the product works without a WhatsApp account.
 */
export function logProvider(log: (entry: Record<string, unknown>, msg: string) => void): MessageProvider {
  return {
    send(message) {
      const payload: unknown = JSON.parse(message.payload);
      log(
        { to: message.recipient, template: message.template, language: message.language, payload },
        'whatsapp message (log provider)',
      );
      return Promise.resolve({ providerMessageId: null });
    },
  };
}
