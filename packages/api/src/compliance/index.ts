/** The compliance feature's public module (ADR 0027, ADR 0040): age, identity verification and AML. */
export { defaultSiteCompliance, loadSiteCompliance, saveSiteCompliance, type SiteComplianceChange } from './site-rules.js';
export { kycDocumentView, kycLevelOf, kycWithdrawalRefusal, playerDocuments } from './kyc.js';
export { opsCompliance, opsComplianceSet, opsKycImage, opsKycPending, opsKycReview, type OperatorAccess, type OperatorReply } from './kyc-ops.js';
export { hasHoldingFlag, screenAml, type AmlEvent, type AmlLog } from './aml.js';
export { opsAmlDecide, opsAmlFlags } from './aml-ops.js';
export { paymentPlayerChecks } from './payment-checks.js';
