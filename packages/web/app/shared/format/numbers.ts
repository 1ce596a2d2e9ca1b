import { displayNumber } from '@wl/contracts';

/** Money for display: the number-display rule of docs/product.md §5, with thousands separators. */
export function formatAmount(amount: string): string {
  const shown = displayNumber(amount) || '0';
  const [int = '0', frac] = shown.split('.');
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac ? `${grouped}.${frac}` : grouped;
}

/** A whole count with thousands separators. */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** The last four digits of an account number (all of a shorter one). */
export function lastDigits(accountNumber: string): string {
  return accountNumber.replace(/\D/g, '').slice(-4);
}
