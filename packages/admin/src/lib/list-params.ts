import { useSearchParams } from 'react-router';

/**
 * A list's state in the URL (ADR 0045: every list is a URL): a filter changed goes back to the first
 * page (and clears the filters that depend on it); a page is one more parameter.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setFilter = (name: string, value: string, alsoClear: readonly string[] = []) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    for (const other of alsoClear) next.delete(other);
    next.delete('page');
    setParams(next);
  };
  const goTo = (target: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(target));
    setParams(next);
  };
  return { params, setParams, setFilter, goTo };
}
