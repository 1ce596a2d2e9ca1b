import type { SiteDefinition } from '@wl/contracts';
import { t } from '../lib/i18n';
import type { FieldErrors } from './definition';
import { Field, FieldMessage, Group, RowButtons, listErrors, moveEntry, type Update } from './fields';

/*
 * The site's payment methods in the editor (ADR 0049): the banks and wallets players' accounts
 * name, and the deposit methods with the operator's receiving accounts (ADR 0015). It edits
 * `banking.banks` and `banking.deposit_methods` of the definition in place; an apply matches
 * banks and methods by code and switches off those left out (ADR 0043), so a player's payment
 * keeps naming its method.
 */

type Bank = NonNullable<SiteDefinition['banking']['banks']>[number];
type Method = SiteDefinition['banking']['deposit_methods'][number];
type Account = Method['accounts'][number];

const BANKS_MAX = 100;
const METHODS_MAX = 10;
const ACCOUNTS_MAX = 20;

const blankBank = (): Bank => ({ code: '', name: '', kind: 'bank' });
const blankAccount = (bank = ''): Account => ({ bank, account_name: '', account_number: '' });

export function PaymentMethodsGroup({ draft, update, errors }: { draft: SiteDefinition; update: Update; errors: FieldErrors }) {
  const banks = draft.banking.banks;
  const methods = draft.banking.deposit_methods;
  const bankCodes = (banks ?? []).map((bank) => bank.code.trim()).filter(Boolean);
  const methodErrors = listErrors(errors, 'banking.deposit_methods');
  return (
    <Group title={t('sites.groups.payments')}>
      <p className="hint">{t('sites.payments.intro')}</p>

      <fieldset className="sub-group">
        <legend>{t('sites.payments.banks')}</legend>
        {banks === undefined ? (
          <>
            <p className="hint">{t('sites.payments.knownBanks', { currency: draft.currency || '—' })}</p>
            <button type="button" onClick={() => update((next) => void (next.banking.banks = [blankBank()]))}>
              {t('sites.payments.listBanks')}
            </button>
          </>
        ) : (
          <>
            <p className="hint">{t('sites.payments.banksHint')}</p>
            {listErrors(errors, 'banking.banks').length > 0 && <FieldMessage errors={listErrors(errors, 'banking.banks')} />}
            <ol className="entry-list">
              {banks.map((bank, index) => {
                const name = t('sites.payments.bankN', { n: index + 1 });
                const path = `banking.banks.${index}`;
                return (
                  <li key={index} className="entry-row">
                    <fieldset className="row-set">
                      <legend className="visually-hidden">{name}</legend>
                      <div className="row-fields">
                        <Field label={t('sites.payments.bankCode')} errors={errors[`${path}.code`]}>
                          {(props) => (
                            <input
                              {...props}
                              className="mono"
                              value={bank.code}
                              maxLength={20}
                              autoCapitalize="characters"
                              spellCheck={false}
                              onChange={(event) => update((next) => void (next.banking.banks![index]!.code = event.target.value))}
                            />
                          )}
                        </Field>
                        <Field label={t('sites.payments.bankName')} errors={errors[`${path}.name`]}>
                          {(props) => <input {...props} value={bank.name} maxLength={100} onChange={(event) => update((next) => void (next.banking.banks![index]!.name = event.target.value))} />}
                        </Field>
                        <Field label={t('sites.payments.bankKind')} errors={errors[`${path}.kind`]}>
                          {(props) => (
                            <select {...props} value={bank.kind} onChange={(event) => update((next) => void (next.banking.banks![index]!.kind = event.target.value as Bank['kind']))}>
                              <option value="bank">{t('sites.payments.bankKinds.bank')}</option>
                              <option value="e_wallet">{t('sites.payments.bankKinds.e_wallet')}</option>
                            </select>
                          )}
                        </Field>
                      </div>
                      <RowButtons
                        index={index}
                        count={banks.length}
                        name={name}
                        onMove={(by) => update((next) => moveEntry(next.banking.banks!, index, by))}
                        onRemove={() => update((next) => void next.banking.banks!.splice(index, 1))}
                      />
                    </fieldset>
                  </li>
                );
              })}
            </ol>
            {banks.length < BANKS_MAX && (
              <button type="button" onClick={() => update((next) => void next.banking.banks!.push(blankBank()))}>
                {t('sites.payments.addBank')}
              </button>
            )}
          </>
        )}
      </fieldset>

      <fieldset className="sub-group">
        <legend>{t('sites.payments.methods')}</legend>
        <p className="hint">{t('sites.payments.methodsHint')}</p>
        {methodErrors.length > 0 && <FieldMessage errors={methodErrors} />}
        {methods.length === 0 && <p className="hint">{t('sites.payments.noMethods')}</p>}
        <ol className="entry-list">
          {methods.map((method, index) => (
            <MethodEntry key={index} method={method} index={index} count={methods.length} bankCodes={banks === undefined ? null : bankCodes} update={update} errors={errors} />
          ))}
        </ol>
        {methods.length < METHODS_MAX && (
          <button
            type="button"
            onClick={() =>
              update((next) => void next.banking.deposit_methods.push({ code: '', kind: 'bank_transfer', name: '', instructions: '', accounts: [blankAccount(bankCodes[0])] }))
            }
          >
            {t('sites.payments.addMethod')}
          </button>
        )}
      </fieldset>
    </Group>
  );
}

interface MethodProps {
  method: Method;
  index: number;
  count: number;
  /** The site's bank codes; null: the currency's known list (not known to the console), typed as a code. */
  bankCodes: string[] | null;
  update: Update;
  errors: FieldErrors;
}

function MethodEntry({ method, index, count, bankCodes, update, errors }: MethodProps) {
  const path = `banking.deposit_methods.${index}`;
  const name = t('sites.payments.methodN', { n: index + 1 });
  const change = (change: (entry: Method) => void) => update((next) => change(next.banking.deposit_methods[index]!));
  const accountErrors = listErrors(errors, `${path}.accounts`);
  return (
    <li className="method-entry">
      <fieldset className="row-set method-set">
        <legend>
          {name}
          {method.name.trim() ? `: ${method.name.trim()}` : ''}
        </legend>
        <div className="row-fields">
          <Field label={t('sites.payments.methodCode')} hint={t('sites.payments.methodCodeHint')} errors={errors[`${path}.code`]}>
            {(props) => <input {...props} className="mono" value={method.code} maxLength={20} spellCheck={false} onChange={(event) => change((entry) => void (entry.code = event.target.value))} />}
          </Field>
          <Field label={t('sites.payments.methodKind')} errors={errors[`${path}.kind`]}>
            {(props) => (
              <select {...props} value={method.kind} onChange={(event) => change((entry) => void (entry.kind = event.target.value as Method['kind']))}>
                <option value="bank_transfer">{t('sites.payments.methodKinds.bank_transfer')}</option>
                <option value="e_wallet">{t('sites.payments.methodKinds.e_wallet')}</option>
              </select>
            )}
          </Field>
          <Field label={t('sites.payments.methodName')} errors={errors[`${path}.name`]}>
            {(props) => <input {...props} value={method.name} maxLength={100} onChange={(event) => change((entry) => void (entry.name = event.target.value))} />}
          </Field>
        </div>
        <Field label={t('sites.payments.instructions')} hint={t('sites.payments.instructionsHint')} errors={errors[`${path}.instructions`]}>
          {(props) => <textarea {...props} rows={2} maxLength={2000} value={method.instructions} onChange={(event) => change((entry) => void (entry.instructions = event.target.value))} />}
        </Field>

        <fieldset className="sub-group">
          <legend>{t('sites.payments.accounts', { name })}</legend>
          {accountErrors.length > 0 && <FieldMessage errors={accountErrors} />}
          <ol className="entry-list">
            {method.accounts.map((account, a) => {
              const accountName = t('sites.payments.accountN', { n: a + 1, method: index + 1 });
              const accountPath = `${path}.accounts.${a}`;
              const setAccount = (change: (entry: Account) => void) => update((next) => change(next.banking.deposit_methods[index]!.accounts[a]!));
              return (
                <li key={a} className="entry-row">
                  <fieldset className="row-set">
                    <legend className="visually-hidden">{accountName}</legend>
                    <div className="row-fields">
                      <Field label={t('sites.payments.accountBank')} hint={bankCodes === null ? t('sites.payments.accountBankHint') : undefined} errors={errors[`${accountPath}.bank`]}>
                        {(props) =>
                          bankCodes === null ? (
                            <input {...props} className="mono" value={account.bank} maxLength={20} spellCheck={false} onChange={(event) => setAccount((entry) => void (entry.bank = event.target.value))} />
                          ) : (
                            <select {...props} value={account.bank} onChange={(event) => setAccount((entry) => void (entry.bank = event.target.value))}>
                              {!bankCodes.includes(account.bank) && <option value={account.bank}>{account.bank || t('sites.payments.chooseBank')}</option>}
                              {bankCodes.map((code) => (
                                <option key={code} value={code}>
                                  {code}
                                </option>
                              ))}
                            </select>
                          )
                        }
                      </Field>
                      <Field label={t('sites.payments.accountName')} errors={errors[`${accountPath}.account_name`]}>
                        {(props) => <input {...props} value={account.account_name} maxLength={100} onChange={(event) => setAccount((entry) => void (entry.account_name = event.target.value))} />}
                      </Field>
                      <Field label={t('sites.payments.accountNumber')} errors={errors[`${accountPath}.account_number`]}>
                        {(props) => (
                          <input
                            {...props}
                            className="mono"
                            value={account.account_number}
                            maxLength={40}
                            inputMode="text"
                            spellCheck={false}
                            onChange={(event) => setAccount((entry) => void (entry.account_number = event.target.value))}
                          />
                        )}
                      </Field>
                    </div>
                    <RowButtons
                      index={a}
                      count={method.accounts.length}
                      name={accountName}
                      onMove={(by) => change((entry) => moveEntry(entry.accounts, a, by))}
                      onRemove={() => change((entry) => void entry.accounts.splice(a, 1))}
                    />
                  </fieldset>
                </li>
              );
            })}
          </ol>
          {method.accounts.length < ACCOUNTS_MAX && (
            <button type="button" onClick={() => change((entry) => void entry.accounts.push(blankAccount(bankCodes?.[0])))}>
              {t('sites.payments.addAccount', { name })}
            </button>
          )}
        </fieldset>
        <RowButtons
          index={index}
          count={count}
          name={name}
          onMove={(by) => update((next) => moveEntry(next.banking.deposit_methods, index, by))}
          onRemove={() => update((next) => void next.banking.deposit_methods.splice(index, 1))}
        />
      </fieldset>
    </li>
  );
}
