import type { CallHandlers } from '../http/calls.js';

/** Auth and account calls: login, one-time codes, signup, passwords, balance, VIP, status, profile. */
export const accountHandlers: CallHandlers = {};
