import { MINOR_PER_UNIT } from '@wl/contracts';

/** Units of the currency per US dollar, times 100 (rough rates: what matters is plausibility). */
const PER_USD_X100: Record<string, bigint> = {
  USD: 100n,
  EUR: 90n,
  SGD: 135n,
  BRL: 500n,
  MYR: 450n,
  CNY: 720n,
  THB: 3_500n,
  PHP: 5_600n,
  INR: 8_300n,
  BDT: 11_000n,
  KES: 13_000n,
  NPR: 13_300n,
  MMK: 210_000n,
  MNT: 340_000n,
  IDR: 1_600_000n,
  VND: 2_500_000n,
};

export interface CurrencyMoney {
  currency: string;
  /** About `usd` US dollars in this currency, rounded to a round step ("500", "1250000"), in ten-thousandths. */
  of(usd: number): bigint;
  /** Whether amounts of this currency show cents (VND, IDR, MMK and MNT are counted in whole units of 1,000). */
  cents: boolean;
}

export function currencyMoney(currency: string): CurrencyMoney {
  const rate = PER_USD_X100[currency] ?? 100n;
  // Round steps: 1 for dollar-like currencies, 10 for pesos and baht, 1,000 for dong and rupiah.
  const step = rate >= 100_000n ? 1_000n : rate >= 2_000n ? 10n : 1n;
  return {
    currency,
    cents: step < 1_000n,
    of(usd: number) {
      const units = (BigInt(Math.round(usd)) * rate) / 100n;
      const rounded = ((units + step / 2n) / step) * step;
      return (rounded > 0n ? rounded : step) * MINOR_PER_UNIT;
    },
  };
}

