import type { CaptureModuleInfo } from '@mde/contracts';
import type { ArticleFacts } from './article-facts';

/**
 * The unit a new line starts in when the device names none: the main supplier's order unit in a module that
 * starts there (orders) if the article has that unit, else the base unit. The capture form shows it as its
 * default and the line rules store it, so both read it here.
 */
export function defaultUnit(
  info: Pick<CaptureModuleInfo, 'startsInOrderUnit'>,
  article: Pick<ArticleFacts, 'baseUnit' | 'units' | 'mainSupplier'>,
): string {
  const orderUnit = article.mainSupplier?.orderUnit;
  return info.startsInOrderUnit && orderUnit !== undefined && article.units.has(orderUnit)
    ? orderUnit
    : article.baseUnit;
}
