import { Accordion } from '@mantine/core';
import type { ArticleDetail } from '@mde/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GeneralSection } from './general-section';
import { LocationSection } from './location-section';
import { OpenOrderSection } from './open-order-section';
import { PriceSection } from './price-section';
import { StockSection } from './stock-section';
import { SupplierSection } from './supplier-section';
import { TurnoverSection } from './turnover-section';
import { UnitSection } from './unit-section';

// What staff look at first on the shop floor is open; the rest one tap away.
const OPEN_BY_DEFAULT = ['general', 'prices', 'stock'];

/** The detail sections of docs/modules.md#artikel-info, in its order. */
export function ArticleSections({ detail }: { detail: ArticleDetail }) {
  const { t } = useTranslation('article-info');
  const sections: [string, ReactNode][] = [
    ['general', <GeneralSection key="g" general={detail.general} />],
    ['prices', <PriceSection key="p" prices={detail.prices} />],
    ['stock', <StockSection key="s" stock={detail.stock} />],
    ['units', <UnitSection key="u" units={detail.units} />],
    ['locations', <LocationSection key="l" locations={detail.locations} />],
    ['suppliers', <SupplierSection key="su" suppliers={detail.suppliers} />],
    ['openOrders', <OpenOrderSection key="o" orders={detail.openOrders} />],
    ['turnover', <TurnoverSection key="t" months={detail.turnover} />],
  ];
  const [open, setOpen] = useState<string[]>(OPEN_BY_DEFAULT);
  return (
    <Accordion multiple value={open} onChange={setOpen} variant="separated">
      {sections.map(([key, content]) => (
        <Accordion.Item key={key} value={key} data-section={key}>
          <Accordion.Control>{t(`sections.${key}`)}</Accordion.Control>
          {/* Closed sections are not rendered: the chart cannot measure a hidden panel. */}
          <Accordion.Panel>{open.includes(key) && content}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
