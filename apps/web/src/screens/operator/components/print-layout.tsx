import { useTranslation } from 'react-i18next';
import type { PrintableTicket } from '../hooks/use-print';

const PRINT_CSS = `
@media screen { .antrean-print-only { display: none; } }
@media print {
  body * { visibility: hidden; }
  .antrean-print-only, .antrean-print-only * { visibility: visible; }
  .antrean-print-only { position: absolute; left: 0; top: 0; width: 80mm; text-align: center; font-family: sans-serif; }
}`;

/** The 80 mm slip: branch, number, service and the issuing time on the branch's clock. */
export function PrintLayout({
  ticket,
  formatTime,
}: {
  ticket: PrintableTicket;
  formatTime: (at: number) => string;
}) {
  const { t } = useTranslation('operator');
  return (
    <div className="antrean-print-only" aria-hidden>
      <style>{PRINT_CSS}</style>
      <p style={{ fontWeight: 700, margin: 0 }}>{ticket.branchName}</p>
      <p style={{ margin: '4mm 0 0' }}>{t('print.number')}</p>
      <p style={{ fontSize: '32pt', fontWeight: 800, margin: 0 }}>{ticket.number}</p>
      <p style={{ margin: 0 }}>{ticket.serviceName}</p>
      <p style={{ fontSize: '9pt', margin: '4mm 0 0' }}>
        {t('print.issuedAt', { time: formatTime(ticket.issuedAt) })}
      </p>
    </div>
  );
}
