import type { KeyboardEvent } from 'react';

const STEPS: Record<string, (columns: number) => number> = {
  ArrowLeft: () => -1,
  ArrowRight: () => 1,
  ArrowUp: (columns) => -columns,
  ArrowDown: (columns) => columns,
};

/**
 * Arrow keys move the focus across a grid of buttons (mines' tiles, keno's numbers), past disabled
 * ones, as Tab would one by one: a keyboard player crosses a 5×5 board in a few presses.
 */
export function onGridKeys(columns: number) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const step = STEPS[event.key]?.(columns);
    if (!step) return;
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>(':scope > button')];
    let index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    for (index += step; index >= 0 && index < buttons.length; index += step) {
      if (!buttons[index]!.disabled) {
        buttons[index]!.focus();
        event.preventDefault();
        return;
      }
    }
  };
}
