import { z } from 'zod';
import { okFields } from '../envelope.js';
import { accountId } from '../rules.js';
import { amountInput } from './banking-fields.js';
import { defineOperatorCall, opsFailures, reason, siteField } from './ops-define.js';
import { rewardType } from './settings.js';

/*
 * The operator's inbox messages (issue 25 §3, ADR 0042): a message, with or without a reward, to
 * players of one site picked by account or by segment. Marketing never reaches a player under a
 * time-out or self-exclusion, nor a blocked or closed account.
 */

/** Who a segment sends to, among the site's active accounts. */
export const INBOX_SEGMENTS = ['all', 'depositors', 'non_depositors'] as const;
export type InboxSegment = (typeof INBOX_SEGMENTS)[number];

export const opsInboxSendPayload = z
  .strictObject({
    site: siteField,
    campaign: z
      .string('invalidValue')
      .trim()
      .regex(/^[A-Za-z0-9._:-]{1,64}$/, 'invalidValue')
      .describe('The campaign key: a player gets one message per campaign, so a send repeated (a retry, or the same campaign to a wider segment) reaches only those who have not had it.'),
    account_ids: z.array(accountId, 'invalidValue').min(1, 'required').max(1000, 'tooLong').optional().describe('The players, by account id (up to 1,000); or a segment.'),
    segment: z.enum(INBOX_SEGMENTS, 'invalidValue').optional().describe('all, depositors (a paid deposit) or non_depositors, among active accounts; or account_ids.'),
    title: z.string('invalidValue').trim().min(1, 'required').max(120, 'tooLong'),
    body: z.string('invalidValue').trim().min(1, 'required').max(4000, 'tooLong').describe('Plain text; line breaks are kept.'),
    reward_amount: amountInput.optional().describe('A reward the player claims from the inbox (with reward_type).'),
    reward_type: rewardType.optional(),
    reason,
  })
  .refine((payload) => (payload.account_ids === undefined) !== (payload.segment === undefined), { message: 'invalidValue', path: ['segment'] })
  .refine((payload) => (payload.reward_amount === undefined) === (payload.reward_type === undefined), { message: 'required', path: ['reward_type'] });

export const opsInboxSendReply = z.object({
  ...okFields,
  sent: z.number().int().nonnegative().describe('Messages written now.'),
  already_sent: z.number().int().nonnegative().describe('Players who had this campaign before.'),
  excluded: z.number().int().nonnegative().describe('Players left out for a time-out or self-exclusion running (marketing stops: issue 25 §3).'),
  inactive: z.number().int().nonnegative().describe('Named accounts left out as blocked or closed.'),
  not_found: z.array(z.string()).describe('Named account ids the site does not have.'),
  audit_id: z.number().int().positive(),
});
export type OpsInboxSendReply = z.infer<typeof opsInboxSendReply>;

export const opsInboxSend = defineOperatorCall({
  path: '/api/ops/inbox/send',
  summary:
    "Sends an inbox message (and an optional reward to claim) to named players or a segment of a site. Players under a time-out or self-exclusion on any of the owner's sites are left out. " +
    `Failure keys: siteNotFound, ${opsFailures}.`,
  payload: opsInboxSendPayload,
  reply: opsInboxSendReply,
});

export const INBOX_OPERATOR_CALLS = { opsInboxSend } as const;
