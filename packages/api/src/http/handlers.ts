import type { CallHandlers } from './calls.js';
import { startupHandler } from '../sites/startup.js';
import { accountHandlers } from '../accounts/handlers.js';
import { contentHandlers } from '../content/handlers.js';
import { rewardHandlers } from '../rewards/handlers.js';
import { catalogueHandlers } from '../catalogue/handlers.js';
import { launchHandlers } from '../games/launch.js';
import { demoLaunchHandlers } from '../games/demo-launch.js';
import { bankingHandlers } from '../banking/handlers.js';
import { sportsHandlers } from '../sports/index.js';
import { responsibleHandlers } from '../responsible/handlers.js';
import { complianceHandlers } from '../compliance/handlers.js';

/** The handler of every call of the contracts, by name. */
export const handlers: CallHandlers = {
  startup: startupHandler,
  ...accountHandlers,
  ...contentHandlers,
  ...rewardHandlers,
  ...catalogueHandlers,
  ...launchHandlers,
  ...demoLaunchHandlers,
  ...bankingHandlers,
  ...sportsHandlers,
  ...responsibleHandlers,
  ...complianceHandlers,
};
