/**
 * How a display reads ticket numbers (`/dashboard/parameter/mode-suara`): `number` ("A dua belas")
 * or `digits` ("A nol satu dua"), per tenant (and per branch override row) in `voice_settings`.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('voice_settings')
    .addColumn('number_style', 'text', (c) => c.notNull().defaultTo('number'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('voice_settings').dropColumn('number_style').execute();
}
