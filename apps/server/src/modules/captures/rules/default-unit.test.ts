import { describe, expect, it } from 'vitest';
import { defaultUnit } from './default-unit';

const supplier = { id: 1, name: 'L', minOrderQuantity: 1, orderUnit: 'Karton', orderFactor: 12 };
const article = { baseUnit: 'Stück', units: new Map([['Stück', 1]]), mainSupplier: supplier };

describe('the unit a new line starts in', () => {
  it('is the order unit in an order module when the article has it', () => {
    const units = new Map([...article.units, ['Karton', 12]]);
    expect(defaultUnit({ startsInOrderUnit: true }, { ...article, units })).toBe('Karton');
    expect(defaultUnit({ startsInOrderUnit: false }, { ...article, units })).toBe('Stück');
  });
  it('is the base unit without a main supplier or when the article lacks the order unit', () => {
    expect(defaultUnit({ startsInOrderUnit: true }, article)).toBe('Stück');
    expect(defaultUnit({ startsInOrderUnit: true }, { ...article, mainSupplier: null })).toBe('Stück');
  });
});
