import type { Migration, MigrationProvider } from 'kysely';
import * as m20261122_0001 from './20261122_0001_initial';
import * as m20261122_0002 from './20261122_0002_ticket_history_index';
import * as m20261125_config_1 from './20261125_config_1_display_services';
import * as m20261125_media_1 from './20261125_media_1_files_by_hash';
import * as m20261125_media_2 from './20261125_media_2_signage';
import * as m20261125_wa_1 from './20261125_wa_1_whatsapp_cloud';
import * as m20261125_boards_1 from './20261125_boards_1_exact_rates';
// Sorts after every migration already on main: Kysely refuses one that sorts before executed ones.
import * as m20261125_wti9_1 from './20261125_wti9_1_kiosk_services';
import * as m20261125_boards_2 from './20261125_boards_2_voice_style';

/** Static provider: migrations are bundled with the server, no directory scanning at run time. */
export const migrationProvider: MigrationProvider = {
  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '20261122_0001_initial': m20261122_0001,
      '20261122_0002_ticket_history_index': m20261122_0002,
      '20261125_config_1_display_services': m20261125_config_1,
      '20261125_media_1_files_by_hash': m20261125_media_1,
      '20261125_media_2_signage': m20261125_media_2,
      '20261125_wa_1_whatsapp_cloud': m20261125_wa_1,
      '20261125_boards_1_exact_rates': m20261125_boards_1,
      '20261125_wti9_1_kiosk_services': m20261125_wti9_1,
      '20261125_boards_2_voice_style': m20261125_boards_2,
    });
  },
};
