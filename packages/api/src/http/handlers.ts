import type { CallHandlers } from './calls.js';
import { startupHandler } from '../sites/startup.js';

/** The handler of every implemented call, by contract name. */
export const handlers: CallHandlers = {
  startup: startupHandler,
};
