/*
 * Numbers and money as the page's locale writes them (Intl). Money arrives as exact decimal strings
 * (ADR 0025); turning one into a number here is for display only, never for arithmetic.
 */

export interface Formatter {
  /** "12.5" → "US$12.50" (or "12.50 USDT" for a currency Intl does not know). */
  money(amount: string): string;
  /** Short money for small spaces (chips): "100" → "$100", "0.5" → "$0.50". */
  chip(amount: string): string;
  /** "1.94" → "1.94×". */
  multiple(multiplier: string): string;
  /** "0.9700" → "97.00 %". */
  percent(fraction: string): string;
  time(iso: string): string;
}

export function formatter(tag: string, currency: string): Formatter {
  let currencyFormat: Intl.NumberFormat | null;
  try {
    currencyFormat = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });
  } catch {
    // Not an ISO 4217 code (a token, play money): the number, then the code.
    currencyFormat = null;
  }
  let wholeCurrency: Intl.NumberFormat | null = null;
  try {
    wholeCurrency = new Intl.NumberFormat(tag, { style: 'currency', currency, minimumFractionDigits: 0, maximumFractionDigits: 0 });
  } catch {
    wholeCurrency = null;
  }
  const plain = new Intl.NumberFormat(tag, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const whole = new Intl.NumberFormat(tag, { maximumFractionDigits: 0 });
  const percent = new Intl.NumberFormat(tag, { style: 'percent', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const time = new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'medium' });
  return {
    money: (amount) => (currencyFormat ? currencyFormat.format(Number(amount)) : `${plain.format(Number(amount))} ${currency}`),
    chip: (amount) => {
      if (!Number.isInteger(Number(amount))) return currencyFormat ? currencyFormat.format(Number(amount)) : plain.format(Number(amount));
      return wholeCurrency ? wholeCurrency.format(Number(amount)) : whole.format(Number(amount));
    },
    multiple: (multiplier) => `${plain.format(Number(multiplier))}×`,
    percent: (fraction) => percent.format(Number(fraction)),
    time: (iso) => time.format(new Date(iso)),
  };
}
