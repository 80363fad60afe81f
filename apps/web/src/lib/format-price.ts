/** "$9.99", "$99", "$0": cents only when there are any. Used wherever a plan's price is shown. */
export function usd(amount: number): string {
  return `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`;
}

/** "2,000": the way limits and counts are written beside prices. */
export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}
