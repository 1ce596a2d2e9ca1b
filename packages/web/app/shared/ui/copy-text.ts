/**
 * Copies text to the clipboard: the Clipboard API where the browser allows it (a secure page, the
 * permission granted), else the older selection copy, which works in more embedded browsers and
 * on plain-HTTP pages. True when either worked.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, not a secure page): the selection copy below may still work.
  }
  return selectionCopy(text);
}

function selectionCopy(text: string): boolean {
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.setAttribute('aria-hidden', 'true');
  // Off screen and fixed, so selecting it neither scrolls the page nor shows.
  area.style.position = 'fixed';
  area.style.top = '0';
  area.style.left = '-9999px';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    // Deprecated but still the only copy without the Clipboard API.
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  // The copy button keeps the focus, as it had before.
  focused?.focus();
  return copied;
}
