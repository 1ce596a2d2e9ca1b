/** What other features may use of rewards/ (ADR 0027): everything else in the folder is its own. */
export { eligibilityProblem } from './promotion-eligibility.js';
export { opsInboxSend } from './inbox-ops.js';
export { opsMissionSave, opsMissions, opsPromotion, opsPromotionPreview, opsPromotionSave, opsPromotions, opsSpin, opsSpinSave, type RewardsOperator } from './rewards-ops.js';
