/**
 * Indonesia's national holidays (libur nasional) by year, as the "load national holidays" action
 * of `/dashboard/hari-libur` adds them. From the joint decree (SKB 3 Menteri) of each year where
 * it was known when this list was written; a year marked `estimate` follows the astronomical and
 * lunar calendars and must be checked against that year's decree. Collective leave (cuti
 * bersama) is not included: offices that close on it add those days themselves.
 */
export interface NationalHolidayYear {
  year: number;
  /** True when the dates are computed, not taken from the year's decree. */
  estimate: boolean;
  days: readonly { date: string; name: string }[];
}

export const NATIONAL_HOLIDAYS: readonly NationalHolidayYear[] = [
  {
    year: 2025,
    estimate: false,
    days: [
      { date: '2025-01-01', name: 'Tahun Baru 2025 Masehi' },
      { date: '2025-01-27', name: 'Isra Mikraj Nabi Muhammad SAW' },
      { date: '2025-01-29', name: 'Tahun Baru Imlek 2576 Kongzili' },
      { date: '2025-03-29', name: 'Hari Suci Nyepi Tahun Baru Saka 1947' },
      { date: '2025-03-31', name: 'Hari Raya Idul Fitri 1446 Hijriah' },
      { date: '2025-04-01', name: 'Hari Raya Idul Fitri 1446 Hijriah' },
      { date: '2025-04-18', name: 'Wafat Yesus Kristus' },
      { date: '2025-04-20', name: 'Kebangkitan Yesus Kristus (Paskah)' },
      { date: '2025-05-01', name: 'Hari Buruh Internasional' },
      { date: '2025-05-12', name: 'Hari Raya Waisak 2569 BE' },
      { date: '2025-05-29', name: 'Kenaikan Yesus Kristus' },
      { date: '2025-06-01', name: 'Hari Lahir Pancasila' },
      { date: '2025-06-06', name: 'Hari Raya Idul Adha 1446 Hijriah' },
      { date: '2025-06-27', name: 'Tahun Baru Islam 1447 Hijriah' },
      { date: '2025-08-17', name: 'Hari Proklamasi Kemerdekaan Republik Indonesia' },
      { date: '2025-09-05', name: 'Maulid Nabi Muhammad SAW' },
      { date: '2025-12-25', name: 'Hari Raya Natal' },
    ],
  },
  {
    year: 2026,
    estimate: true,
    days: [
      { date: '2026-01-01', name: 'Tahun Baru 2026 Masehi' },
      { date: '2026-01-16', name: 'Isra Mikraj Nabi Muhammad SAW' },
      { date: '2026-02-17', name: 'Tahun Baru Imlek 2577 Kongzili' },
      { date: '2026-03-19', name: 'Hari Suci Nyepi Tahun Baru Saka 1948' },
      { date: '2026-03-21', name: 'Hari Raya Idul Fitri 1447 Hijriah' },
      { date: '2026-03-22', name: 'Hari Raya Idul Fitri 1447 Hijriah' },
      { date: '2026-04-03', name: 'Wafat Yesus Kristus' },
      { date: '2026-04-05', name: 'Kebangkitan Yesus Kristus (Paskah)' },
      { date: '2026-05-01', name: 'Hari Buruh Internasional' },
      { date: '2026-05-14', name: 'Kenaikan Yesus Kristus' },
      { date: '2026-05-27', name: 'Hari Raya Idul Adha 1447 Hijriah' },
      { date: '2026-05-31', name: 'Hari Raya Waisak 2570 BE' },
      { date: '2026-06-01', name: 'Hari Lahir Pancasila' },
      { date: '2026-06-16', name: 'Tahun Baru Islam 1448 Hijriah' },
      { date: '2026-08-17', name: 'Hari Proklamasi Kemerdekaan Republik Indonesia' },
      { date: '2026-08-25', name: 'Maulid Nabi Muhammad SAW' },
      { date: '2026-12-25', name: 'Hari Raya Natal' },
    ],
  },
  {
    year: 2027,
    estimate: true,
    days: [
      { date: '2027-01-01', name: 'Tahun Baru 2027 Masehi' },
      { date: '2027-01-06', name: 'Isra Mikraj Nabi Muhammad SAW' },
      { date: '2027-02-06', name: 'Tahun Baru Imlek 2578 Kongzili' },
      { date: '2027-03-09', name: 'Hari Suci Nyepi Tahun Baru Saka 1949' },
      { date: '2027-03-10', name: 'Hari Raya Idul Fitri 1448 Hijriah' },
      { date: '2027-03-11', name: 'Hari Raya Idul Fitri 1448 Hijriah' },
      { date: '2027-03-26', name: 'Wafat Yesus Kristus' },
      { date: '2027-03-28', name: 'Kebangkitan Yesus Kristus (Paskah)' },
      { date: '2027-05-01', name: 'Hari Buruh Internasional' },
      { date: '2027-05-06', name: 'Kenaikan Yesus Kristus' },
      { date: '2027-05-17', name: 'Hari Raya Idul Adha 1448 Hijriah' },
      { date: '2027-05-20', name: 'Hari Raya Waisak 2571 BE' },
      { date: '2027-06-01', name: 'Hari Lahir Pancasila' },
      { date: '2027-06-06', name: 'Tahun Baru Islam 1449 Hijriah' },
      { date: '2027-08-15', name: 'Maulid Nabi Muhammad SAW' },
      { date: '2027-08-17', name: 'Hari Proklamasi Kemerdekaan Republik Indonesia' },
      { date: '2027-12-25', name: 'Hari Raya Natal' },
    ],
  },
];

export const NATIONAL_HOLIDAY_YEARS = NATIONAL_HOLIDAYS.map((y) => y.year);
