import type { ComponentProps } from 'react';
import { TextField } from '../shell/forms/fields';

/** What a number-only input keeps of typed or pasted text: its digits (spec §5: digits only). */
export function digitsOf(value: string): string {
  return value.replace(/[^0-9]/g, '');
}

/**
 * A number-only input (phone numbers, one-time codes): anything but digits is dropped as it is
 * typed or pasted, and phones show their number pad.
 */
export function NumberField({ onValue, ...props }: Omit<ComponentProps<typeof TextField>, 'inputMode' | 'pattern'>) {
  return <TextField {...props} inputMode="numeric" pattern="[0-9]*" onValue={(value) => onValue(digitsOf(value))} />;
}
