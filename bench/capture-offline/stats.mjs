/** The value at quantile q of an ascending list (nearest rank, as the other benches count). */
export const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

const checkDigit = (twelve) => {
  const sum = [...twelve].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return String((10 - (sum % 10)) % 10);
};

/** `count` valid EAN-13 codes (check digit right, so not a misread) that none of `taken` is. */
export function unknownCodes(count, taken) {
  const codes = [];
  for (let i = 0; codes.length < count; i++) {
    const twelve = `4999990${String(i).padStart(5, '0')}`;
    const code = twelve + checkDigit(twelve);
    if (!taken.has(code)) codes.push(code);
  }
  return codes;
}
