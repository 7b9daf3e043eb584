import { format, isValid, parseISO } from 'date-fns';
import { de } from 'date-fns/locale';

// docs/spec.md §1: language de, currency EUR, date format dd.MM.yy.
type DateInput = Date | string | number | null | undefined;

function toDate(v: DateInput): Date | undefined {
  if (v === null || v === undefined || v === '') return undefined;
  const d = typeof v === 'string' ? parseISO(v) : new Date(v);
  return isValid(d) ? d : undefined;
}

export function formatDate(v: DateInput): string {
  const d = toDate(v);
  return d ? format(d, 'dd.MM.yy', { locale: de }) : '';
}

export function formatDateTime(v: DateInput): string {
  const d = toDate(v);
  return d ? format(d, 'dd.MM.yy HH:mm', { locale: de }) : '';
}

/** Today as 'YYYY-MM-DD', the server's date format (local calendar day, not UTC). */
export function todayIso(now = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });

/** Money stored as integer cents, e.g. 1250 → '12,50 €'. */
export function formatMoneyCents(cents: number): string {
  return money.format(cents / 100);
}

/** Money given in euros, e.g. 12.5 → '12,50 €'. */
export function formatMoneyEuros(euros: number): string {
  return money.format(euros);
}

const quantity = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 3 });

/** Quantities with up to three decimals and an optional unit: 1234.5 → '1.234,5 kg'. */
export function formatQuantity(value: number, unit?: string): string {
  const n = quantity.format(value);
  return unit ? `${n} ${unit}` : n;
}
