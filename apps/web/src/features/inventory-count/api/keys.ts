export const inventoryCountKeys = {
  all: ['inventory-count'] as const,
  warehouses: () => [...inventoryCountKeys.all, 'warehouses'] as const,
};
