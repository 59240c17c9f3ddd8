/** `{serviceCode}{seq:000}`: A001 … A999, then A1000 (4 digits past 999). */
export function formatTicketNumber(serviceCode: string, seq: number): string {
  if (!Number.isInteger(seq) || seq < 1) throw new RangeError(`invalid sequence ${seq}`);
  return `${serviceCode}${String(seq).padStart(3, '0')}`;
}
