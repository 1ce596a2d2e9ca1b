import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/add-bank';
import { STATUS, accountNumber as accountNumberRule, fullName as fullNameRule, isSessionEndMessage, type Bank, type BankAccountListReply } from '@wl/contracts';
import { callApi, sessionCallPayload } from '../client/api';
import { handleApiError } from '../client/errors';
import { useSession } from '../client/session';
import { showToast } from '../client/toasts';
import { useT } from '../i18n/use-t';
import { useLocale } from '../lib/use-locale';
import { AlphabetOnlyInput, NumberOnlyInput } from '../shared/ui/inputs';
import { FormMessage, OwnerProofField } from '../shared/forms/fields';
import { errorMessageText, validationText } from '../lib/messages';
import { firstInvalid, replyErrors, ruleError, type FieldErrors } from '../shared/forms/validation';
import { BankingLoading, BankingStateCard, LoadGate } from '../banking/LoadGate';
import { useRevalidateOnPlayerChange } from '../shared/data/DataGate';
import { sessionLoader } from '../shared/data/session-loader';
import '../styles/player.css';
import '../styles/banking.css';

export { screenMeta as meta } from '../seo/merge-meta';

const FIELDS = ['bank_id', 'account_name', 'account_number', 'password'] as const;
type Field = (typeof FIELDS)[number];

/** Where the page goes once the account is saved: back to a withdrawal that needed one, else the list. */
const NEXT_PAGES = { withdrawal: '/withdrawal' } as const;

/**
 * /add-bank: a bank account at one of the site's banks, in the player's own name (the server
 * compares it with the profile's full name, as a bank would), digits only for the number.
 * A player without a full name is sent to the profile first; one at the site's maximum to the list.
 * The password confirms the new payout account (ADR 0022: a session token alone is not enough).
 */
export default function AddBankPage() {
  const { accounts, banks } = useLoaderData<typeof clientLoader>();
  const session = useSession();
  useRevalidateOnPlayerChange();
  if (!session.isAuthenticated) return null;
  return (
    <AddBankScreen>
      <LoadGate loaded={accounts}>{(list) => <LoadGate loaded={banks}>{(bankList) => <AddBankStep list={list} banks={bankList.value} />}</LoadGate>}</LoadGate>
    </AddBankScreen>
  );
}

/** The player's bank accounts and the site's banks, loaded in the browser where the session lives (ADR 0058). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { signal } = request;
  const [accounts, banks] = await Promise.all([sessionLoader('bankAccounts', {}, { signal }), sessionLoader('bankingBanks', {}, { signal })]);
  return { accounts, banks };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <AddBankScreen>
      <BankingLoading />
    </AddBankScreen>
  );
}

function AddBankScreen({ children }: { children: ReactNode }) {
  const { t } = useT();
  return (
    <section className="player-screen player-screen--narrow banking-screen" aria-labelledby="add-bank-title">
      <header className="player-screen__head">
        <h1 id="add-bank-title" className="screen__title">
          {t('_m:add-bank')}
        </h1>
        <p className="screen__lead">{t('banking.addBank.lead')}</p>
      </header>
      {children}
    </section>
  );
}

function AddBankStep({ list, banks }: { list: BankAccountListReply; banks: Bank[] }) {
  const { t } = useT();
  const { to } = useLocale();
  if (!list.full_name.trim()) {
    return (
      <BankingStateCard
        testId="full-name-required"
        icon="user"
        title={t('banking.addBank.nameFirstTitle')}
        lead={t('banking.addBank.nameFirstLead')}
        link={
          <Link to={to('/edit-profile')} className="btn btn--primary">
            {t('player.editProfile')}
          </Link>
        }
      />
    );
  }
  if (list.value.length >= list.max_accounts) {
    return (
      <BankingStateCard
        testId="too-many-accounts"
        icon="bank"
        title={t('banking.addBank.fullTitle')}
        lead={t('banking.addBank.fullLead', { max: list.max_accounts })}
        link={
          <Link to={to('/bank-details')} className="btn btn--primary">
            {t('_m:bank-details')}
          </Link>
        }
      />
    );
  }
  return <AddBankForm fullName={list.full_name} banks={banks} first={!list.value.length} />;
}

function AddBankForm({ fullName, banks, first }: { fullName: string; banks: Bank[]; first: boolean }) {
  const { t } = useT();
  const { to } = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [values, setValues] = useState({ bank_id: '', account_name: fullName, account_number: '', password: '' });
  const [makeDefault, setMakeDefault] = useState(first);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldId = (field: Field | 'form') => `${id}-${field}`;
  const set = (field: Field) => (value: string) => setValues((before) => ({ ...before, [field]: value }));
  const next = NEXT_PAGES[params.get('next') as keyof typeof NEXT_PAGES] ?? '/bank-details';

  const showErrors = (fields: FieldErrors<Field>, form: string | null) => {
    setErrors(fields);
    setFormError(form);
    const target = firstInvalid(FIELDS, fields) ?? (form ? 'form' : null);
    if (target) requestAnimationFrame(() => document.getElementById(fieldId(target))?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const checks: FieldErrors<Field> = {
      bank_id: values.bank_id ? undefined : t('banking.addBank.chooseBank'),
      account_name: ruleError(fullNameRule, values.account_name) ?? undefined,
      // The rule's length keys are generic: say what the number must be.
      account_number: accountNumberRule.safeParse(values.account_number).success ? undefined : t('banking.addBank.numberHint'),
      password: values.password ? undefined : validationText('required'),
    };
    if (firstInvalid(FIELDS, checks)) return showErrors(checks, null);
    setBusy(true);
    const reply = await callApi('bankAccountAdd', {
      ...sessionCallPayload(),
      bank_id: Number(values.bank_id),
      account_name: values.account_name.trim(),
      account_number: values.account_number,
      is_default: makeDefault,
      password: values.password,
    });
    setBusy(false);
    if (reply.statusCode === STATUS.ok && 'value' in reply) {
      showToast({ kind: 'success', title: t('banking.addBank.added') });
      await navigate(to(next));
      return;
    }
    if (isSessionEndMessage(reply.message)) return handleApiError(reply);
    if (reply.message === 'invalidPassword') {
      setValues((before) => ({ ...before, password: '' }));
      return showErrors({ password: errorMessageText(reply.message) }, null);
    }
    const failure = replyErrors(reply, FIELDS);
    if (reply.message === 'accountNameMismatch') return showErrors({ account_name: t('banking.addBank.nameMismatch', { name: fullName }) }, null);
    if (reply.message === 'bankAccountExists') return showErrors({ account_number: failure.form ?? undefined }, null);
    if (reply.message === 'notFound') return showErrors({ bank_id: failure.form ?? undefined }, null);
    showErrors(failure.fields, failure.form);
  };

  const groups = [
    { kind: 'bank', label: t('banking.addBank.banks') },
    { kind: 'e_wallet', label: t('banking.addBank.wallets') },
  ] as const;

  return (
    <form className="player-card auth-form player-form banking-form" noValidate onSubmit={(event) => void submit(event)} aria-busy={busy} data-testid="add-bank-form">
      <FormMessage text={formError} id={fieldId('form')} />
      <div className={errors.bank_id ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={fieldId('bank_id')}>
          {t('banking.bank')}
        </label>
        <select
          id={fieldId('bank_id')}
          name="bank_id"
          className="field__input"
          value={values.bank_id}
          onChange={(event) => set('bank_id')(event.target.value)}
          aria-invalid={errors.bank_id ? true : undefined}
          aria-describedby={errors.bank_id ? `${fieldId('bank_id')}-error` : undefined}
        >
          <option value="">{t('banking.addBank.chooseBank')}</option>
          {groups.map((group) => {
            const entries = banks.filter((bank) => bank.kind === group.kind);
            return entries.length ? (
              <optgroup key={group.kind} label={group.label}>
                {entries.map((bank) => (
                  <option key={bank.bank_id} value={bank.bank_id}>
                    {bank.name}
                  </option>
                ))}
              </optgroup>
            ) : null;
          })}
        </select>
        {errors.bank_id ? (
          <p className="field__error" id={`${fieldId('bank_id')}-error`}>
            {errors.bank_id}
          </p>
        ) : null}
      </div>
      <AlphabetOnlyInput
        id={fieldId('account_name')}
        name="account_name"
        label={t('banking.accountName')}
        hint={t('banking.addBank.nameHint', { name: fullName })}
        autoComplete="name"
        maxLength={50}
        value={values.account_name}
        onValue={set('account_name')}
        error={errors.account_name}
      />
      <NumberOnlyInput
        id={fieldId('account_number')}
        name="account_number"
        label={t('banking.accountNumber')}
        hint={t('banking.addBank.numberHint')}
        autoComplete="off"
        maxLength={30}
        value={values.account_number}
        onValue={set('account_number')}
        error={errors.account_number}
      />
      <label className="banking-check">
        <input type="checkbox" checked={makeDefault || first} disabled={first} onChange={(event) => setMakeDefault(event.target.checked)} />
        <span>{first ? t('banking.addBank.firstDefault') : t('banking.addBank.makeDefault')}</span>
      </label>
      <OwnerProofField
        id={fieldId('password')}
        hint={t('banking.addBank.proofHint')}
        value={values.password}
        onValue={set('password')}
        error={errors.password}
      />
      <div className="player-card__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? t('player.saving') : t('banking.addBank.submit')}
        </button>
        <Link to={to(next)} className="btn btn--ghost">
          {t('player.cancel')}
        </Link>
      </div>
    </form>
  );
}
