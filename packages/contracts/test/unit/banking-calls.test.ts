import { describe, expect, it } from 'vitest';
import { CALLS } from '../../src/calls/index.js';
import { OPERATOR_CALLS, RECEIPT_BODY_LIMIT_BYTES, RECEIPT_MAX_BASE64, RECEIPT_MAX_BYTES, amountInput, signedAmountInput } from '../../src/calls/banking.js';

const session = { account_id: 'demo', auth: 'a'.repeat(43) };

describe('banking amounts', () => {
  it('takes positive exact decimals of at most 16 digits and 4 decimals, as strings only', () => {
    for (const value of ['1', '500', '1250.5', '0.0001', ' 42.10 ', '9999999999999999.9999']) expect(amountInput.safeParse(value).success, value).toBe(true);
    for (const value of ['0', '0.0000', '-1', '+1', '1e3', '1.23456', '12345678901234567', 'abc', '', 1000, null]) {
      expect(amountInput.safeParse(value).success, String(value)).toBe(false);
    }
    expect(amountInput.parse(' 42.10 ')).toBe('42.10');
  });

  it('takes signed non-zero amounts for adjustments', () => {
    for (const value of ['+5', '5', '-20.5']) expect(signedAmountInput.safeParse(value).success, value).toBe(true);
    for (const value of ['-0', '+0.0', '--5', '5-']) expect(signedAmountInput.safeParse(value).success, value).toBe(false);
  });
});

describe('deposit requests', () => {
  const base = { ...session, method_id: 1, receiving_account_id: 2, amount: '500' };

  it('need a transfer reference or a receipt', () => {
    expect(CALLS.depositRequest.payload.safeParse(base).success).toBe(false);
    expect(CALLS.depositRequest.payload.safeParse({ ...base, transfer_reference: '   ' }).success).toBe(false);
    expect(CALLS.depositRequest.payload.safeParse({ ...base, transfer_reference: 'FT1' }).success).toBe(true);
    expect(CALLS.depositRequest.payload.safeParse({ ...base, receipt_id: 3 }).success).toBe(true);
  });
});

describe('receipts', () => {
  it('bound the upload: 2 MiB of image, its base64 text, and the route body above both', () => {
    expect(RECEIPT_MAX_BYTES).toBe(2 * 1024 * 1024);
    expect(RECEIPT_MAX_BASE64).toBeGreaterThanOrEqual((RECEIPT_MAX_BYTES * 4) / 3);
    expect(RECEIPT_BODY_LIMIT_BYTES).toBeGreaterThan(RECEIPT_MAX_BASE64);
    const upload = CALLS.receiptUpload.payload;
    expect(upload.safeParse({ ...session, content_type: 'image/png', data: 'iVBORw0KGgo=' }).success).toBe(true);
    expect(upload.safeParse({ ...session, content_type: 'image/svg+xml', data: 'iVBORw0KGgo=' }).success).toBe(false);
    expect(upload.safeParse({ ...session, content_type: 'image/png', data: 'A'.repeat(RECEIPT_MAX_BASE64 + 4) }).success).toBe(false);
  });
});

describe('OPERATOR_CALLS', () => {
  const entries = Object.entries(OPERATOR_CALLS);

  it('are POST calls under /api/ops/, each path once, none among the sites\' calls', () => {
    const paths = entries.map(([, call]) => call.path);
    expect(new Set(paths).size).toBe(paths.length);
    for (const [name, call] of entries) {
      expect(call.path, name).toMatch(/^\/api\/ops\/[a-z_/]+$/);
      expect(call.method).toBe('POST');
      expect(call.tag).toBe('Operator');
      expect(call.summary).toContain('invalidApiKey');
    }
    const sitePaths = new Set(Object.values(CALLS).map((call) => call.path));
    for (const path of paths) expect(sitePaths.has(path)).toBe(false);
  });

  it('never take a player session in the payload', () => {
    for (const [name, call] of entries) {
      expect(call.payload.safeParse({ ...session, payment_id: 1, reason: 'because' }).success, name).toBe(false);
    }
  });

  it('need a reason for every decision and adjustment', () => {
    expect(OPERATOR_CALLS.opsDepositApprove.payload.safeParse({ payment_id: 1 }).success).toBe(false);
    expect(OPERATOR_CALLS.opsDepositApprove.payload.safeParse({ payment_id: 1, reason: 'ok' }).success).toBe(false);
    expect(OPERATOR_CALLS.opsDepositApprove.payload.safeParse({ payment_id: 1, reason: 'Matched' }).success).toBe(true);
    expect(OPERATOR_CALLS.opsAdjust.payload.safeParse({ site: 'casino1.localhost', account_id: 'demo', amount: '-5' }).success).toBe(false);
  });
});
