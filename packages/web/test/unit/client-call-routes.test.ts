import { describe, expect, it } from 'vitest';
import { CALLS, type CallName } from '@wl/contracts';
import { CALL_ROUTES } from '../../app/client/call-routes';

describe("the browser's call routes", () => {
  it('has the path, method and access of every call of the contracts, and no other call', () => {
    expect(Object.keys(CALL_ROUTES).sort()).toEqual(Object.keys(CALLS).sort());
    for (const name of Object.keys(CALLS) as CallName[]) {
      const { path, method, access } = CALLS[name];
      expect(CALL_ROUTES[name], name).toEqual({ path, method, access });
    }
  });
});
