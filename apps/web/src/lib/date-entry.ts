/**
 * What a person types into a date field, as the server's 'YYYY-MM-DD' (or null when it is no date): the app
 * shows dates as dd.MM.yy, so that is what the field takes, with a four-digit year, without dots on a
 * handheld's number pad ('261126'), or as the ISO form (a pasted or stored value).
 */
export function parseDateEntry(text: string): string | null {
  const s = text.trim();
  let day: number;
  let month: number;
  let year: number;
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(s);
  if (m) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = m[3]?.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  } else if ((m = /^(\d{2})(\d{2})(\d{2}|\d{4})$/.exec(s))) {
    day = Number(m[1]);
    month = Number(m[2]);
    year = m[3]?.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
  } else if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s))) {
    year = Number(m[1]);
    month = Number(m[2]);
    day = Number(m[3]);
  } else {
    return null;
  }
  if (year < 1 || year > 9999 || month < 1 || month > 12 || day < 1) return null;
  // Day 0 of the next month is the last day of this one (UTC: no daylight-saving shift).
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
