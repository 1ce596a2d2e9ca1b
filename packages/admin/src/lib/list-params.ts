import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's state in the URL (ADR 0045: every list is a URL): a filter changed goes back to the first
 * page (and clears the filters that depend on it); a page is one more parameter. Changes made before
 * the router has rendered the last one (a site picked, then Search pressed at once) build on each
 * other, not on the URL of the last render, so none is lost.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);

  /** Sets (or, empty, removes) parameters; back to the first page unless `page` is among them. */
  const update = (changes: Record<string, string>, alsoClear: readonly string[] = []) => {
    const next = new URLSearchParams(latest.current);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    for (const other of alsoClear) next.delete(other);
    if (!('page' in changes)) next.delete('page');
    latest.current = next;
    setParams(next);
  };
  const setFilter = (name: string, value: string, alsoClear: readonly string[] = []) => update({ [name]: value }, alsoClear);
  const goTo = (target: number) => update({ page: String(target) });
  return { params, setParams, update, setFilter, goTo };
}
