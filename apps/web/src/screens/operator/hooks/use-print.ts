import { useEffect, useState } from 'react';

/** A ticket as the operator's printer prints it. */
export interface PrintableTicket {
  number: string;
  serviceName: string;
  branchName: string;
  issuedAt: number;
}

/** Prints a ticket slip: renders it (PrintLayout), lets the browser print, then removes it. */
export function usePrint() {
  const [printing, setPrinting] = useState<PrintableTicket | null>(null);
  useEffect(() => {
    if (!printing) return undefined;
    const id = window.setTimeout(() => {
      window.print();
      setPrinting(null);
    }, 50);
    return () => window.clearTimeout(id);
  }, [printing]);
  return { printing, print: setPrinting };
}
