import type { ComponentProps, FormEvent } from 'react';
import { TextField } from '../forms/fields';
import { alphabetOnly, numberOnly } from '../forms/rules';

type FieldProps = Omit<ComponentProps<typeof TextField>, 'type'>;

/**
 * A text field that only ever holds what `filter` keeps: a keystroke it would drop is refused
 * before it reaches the field (the caret stays put); pasted, dropped or composed text is filtered.
 */
function FilteredField({ filter, onValue, ...props }: FieldProps & { filter: (value: string) => string }) {
  const refuseDropped = (event: FormEvent<HTMLInputElement>) => {
    const data = (event.nativeEvent as { data?: unknown }).data;
    // Only input that would leave nothing is refused; anything else goes through the filter below.
    if (typeof data === 'string' && data && !filter(data)) event.preventDefault();
  };
  return <TextField {...props} type="text" onBeforeInput={refuseDropped} onValue={(value) => onValue(filter(value))} />;
}

/** Alphabet-only input of docs/product.md §5 (the strict variant is the same): letters and spaces. */
export function AlphabetOnlyInput(props: FieldProps) {
  return <FilteredField {...props} filter={alphabetOnly} />;
}

/** Number-only input of docs/product.md §5: digits only, with the phone keypad on touch devices. */
export function NumberOnlyInput(props: FieldProps) {
  return <FilteredField inputMode="numeric" {...props} filter={numberOnly} />;
}
