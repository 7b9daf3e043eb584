/**
 * What a person types into a date field, as the server's 'YYYY-MM-DD' (or null when it is no date): the app
 * shows dates as dd.MM.yy, so that is what the field takes, with a four-digit year, without dots on a
 * handheld's number pad ('261126'), or as the ISO form (a pasted or stored value).
 */
const GERMAN = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/;
const DIGITS = /^(\d{2})(\d{2})(\d{2}|\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Day, month and year of the text in one of the accepted forms; a two-digit year is in 2000–2099. */
function partsOf(s: string): [number, number, number] | null {
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  const german = GERMAN.exec(s) ?? DIGITS.exec(s);
  if (german) return [Number(german[1]), Number(german[2]), year(german[3] ?? '')];
  const iso = ISO.exec(s);
  if (iso) return [Number(iso[3]), Number(iso[2]), Number(iso[1])];
  return null;
}

export function parseDateEntry(text: string): string | null {
  const parts = partsOf(text.trim());
  if (!parts) return null;
  const [day, month, year] = parts;
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (UTC: no daylight-saving shift).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
