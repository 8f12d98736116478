// A tiny inventory model: something to edit, search and format while trying Solidus.

export interface Item {
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
}

/** Total value of the stock, in the items' currency. */
export function stockValue(items: readonly Item[]): number {
  return items.reduce((sum, item) => sum + item.quantity * item.unitPrice, 0);
}

/** Items whose quantity is at or below `threshold`, lowest first. */
export function lowStock(items: readonly Item[], threshold = 5): Item[] {
  return items.filter((item) => item.quantity <= threshold).sort((a, b) => a.quantity - b.quantity);
}

export const sample: Item[] = [
  { sku: 'PEN-01', name: 'Fountain pen', quantity: 12, unitPrice: 24.5 },
  { sku: 'INK-02', name: 'Blue ink, 50 ml', quantity: 3, unitPrice: 8 },
  { sku: 'NTB-03', name: 'Dotted notebook', quantity: 40, unitPrice: 11.9 },
  { sku: 'CLP-04', name: 'Binder clips (box)', quantity: 1, unitPrice: 4.25 },
];
