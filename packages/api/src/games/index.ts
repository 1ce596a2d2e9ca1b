/** The games feature's public module (ADR 0027): what other features may use of it. */
export { refuseStake, type StakeRefusal, type StakeRequest } from './stake-guard.js';
