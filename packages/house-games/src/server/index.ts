export { houseStudio, HOUSE_PREFIX, type HouseStudioOptions } from './plugin.js';
export { migrateStudio, type StudioSql } from './sql.js';
export { storedStudioSecret } from './secret.js';
export { recoverRounds, type RecoveryResult } from './recovery.js';
export { createWalletClient, type WalletClient, type WalletAnswer } from './wallet-client.js';
export { siteLimitsConfig, type SiteLimitsConfig } from './limits.js';
