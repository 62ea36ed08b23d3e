/** AI key mask (docs/product.md#data): first 4 + **** + last 4, or **** when shorter than 8. */
export function maskSecret(value: string | null | undefined): string {
  if (!value || value.length < 8) return '****';
  return `${value.slice(0, 4)}****${value.slice(-4)}`;
}
