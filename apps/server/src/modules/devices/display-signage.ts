import { mediaUrl } from '@antrean/shared/contracts/files.contract';
import type { DisplayConfig } from '@antrean/shared/contracts/devices.contract';
import { RUNNING_TEXT_SPEEDS } from '@antrean/shared/domain/running-text-speed';
import type { BannerRow, ItemKind, RunningTextRow, VideoRow } from '../signage/signage.repository';

interface TargetRow {
  item_kind: string;
  item_id: string;
  branch_id: string | null;
  display_id: string | null;
}

/**
 * What one display shows of the tenant's running texts, banners and videos (active ones, in
 * their order, already sorted by the query): an item without targets is everyone's; one with
 * targets shows on the displays of its branches and on its displays. The old per-item
 * `branch_id` (null: every branch) still narrows. A banner shows from `starts_on` to `ends_on`
 * inclusive on the branch's calendar (`today`); a banner or video without a file is left out.
 * Files are read from the public media route (`<img>`/`<video>` cannot send the display code).
 */
export function displaySignage(
  where: { branchId: string; displayId: string; today: string },
  content: { texts: RunningTextRow[]; banners: BannerRow[]; videos: VideoRow[]; targets: TargetRow[] },
): Pick<DisplayConfig, 'runningTexts' | 'banners' | 'videos'> {
  const targeted = new Map<string, { mine: boolean }>();
  for (const target of content.targets) {
    const key = `${target.item_kind}:${target.item_id}`;
    const mine = target.branch_id === where.branchId || target.display_id === where.displayId;
    targeted.set(key, { mine: (targeted.get(key)?.mine ?? false) || mine });
  }
  const shown = (kind: ItemKind, row: { id: string; branch_id: string | null }) =>
    (row.branch_id === null || row.branch_id === where.branchId) &&
    (targeted.get(`${kind}:${row.id}`)?.mine ?? true);
  const inPeriod = (row: BannerRow) =>
    (row.starts_on === null || row.starts_on <= where.today) &&
    (row.ends_on === null || where.today <= row.ends_on);

  return {
    runningTexts: content.texts
      .filter((row) => shown('running_text', row))
      .map((row) => ({
        id: row.id,
        content: row.content,
        speed: RUNNING_TEXT_SPEEDS.find((s) => s === row.speed) ?? 'normal',
      })),
    banners: content.banners.flatMap((row) =>
      row.file_id && shown('banner', row) && inPeriod(row)
        ? [{ id: row.id, name: row.name, url: mediaUrl(row.file_id), durationSeconds: row.duration_seconds }]
        : [],
    ),
    videos: content.videos.flatMap((row) => {
      const url = row.file_id ? mediaUrl(row.file_id) : row.url;
      return url && shown('video', row) ? [{ id: row.id, name: row.name, url }] : [];
    }),
  };
}
