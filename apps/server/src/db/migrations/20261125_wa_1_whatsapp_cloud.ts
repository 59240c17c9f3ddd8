/**
 * WhatsApp for real (issue 11): the tenant's Cloud API template names per message kind (JSON,
 * `{kind: name}`; none = text messages), the app secret that signs the delivery-status webhook
 * and the webhook's verify token (both sealed like the access token), and on the outbox the time
 * of the last status change (sent, delivered, read, failed) and a lookup by the provider's
 * message id (the webhook names the message by it).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenant_settings').addColumn('whatsapp_templates', 'text').execute();
  await db.schema.alterTable('tenant_settings').addColumn('whatsapp_app_secret', 'text').execute();
  await db.schema.alterTable('tenant_settings').addColumn('whatsapp_verify_token', 'text').execute();
  await db.schema.alterTable('message_outbox').addColumn('status_at', 'bigint').execute();
  await db.schema
    .createIndex('message_outbox_tenant_id_provider_message_id_idx')
    .on('message_outbox')
    .columns(['tenant_id', 'provider_message_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('message_outbox_tenant_id_provider_message_id_idx').execute();
  await db.schema.alterTable('message_outbox').dropColumn('status_at').execute();
  await db.schema.alterTable('tenant_settings').dropColumn('whatsapp_verify_token').execute();
  await db.schema.alterTable('tenant_settings').dropColumn('whatsapp_app_secret').execute();
  await db.schema.alterTable('tenant_settings').dropColumn('whatsapp_templates').execute();
}
