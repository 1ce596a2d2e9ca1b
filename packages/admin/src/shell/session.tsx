import { createContext, useContext } from 'react';
import type { OperatorMe, Permission } from '@wl/contracts';

/** The signed-in operator, for every screen under the shell. */
export const SessionContext = createContext<OperatorMe | null>(null);

export function useOperator(): OperatorMe {
  const operator = useContext(SessionContext);
  if (!operator) throw new Error('useOperator outside the signed-in shell');
  return operator;
}

/** Whether the operator's role allows something: the screens hide what it does not (the server refuses it anyway). */
export const useMay = (permission: Permission): boolean => useOperator().permissions.includes(permission);
