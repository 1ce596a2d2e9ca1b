import type { CallHandlers } from '../http/calls.js';
import { balanceHandlers } from './balance.js';
import { changePasswordHandlers } from './change-password.js';
import { loginHandlers } from './login.js';
import { profileHandlers } from './profile.js';
import { sessionListHandlers } from './sessions-list.js';
import { signupHandlers } from './signup.js';
import { tacHandlers } from './tac.js';
import { vipHandlers } from './vip.js';

/** Auth and account calls: login, one-time codes, signup, passwords, balance, VIP, status, profile, sessions. */
export const accountHandlers: CallHandlers = {
  ...loginHandlers,
  ...tacHandlers,
  ...signupHandlers,
  ...changePasswordHandlers,
  ...balanceHandlers,
  ...vipHandlers,
  ...profileHandlers,
  ...sessionListHandlers,
};
