import { useState } from 'react';
import type { ActiveSeeds, RoundView } from '../../api.js';
import type { CrashBetView } from '../../games/crash.js';
import { useGame } from '../context.js';
import type { ClientGame } from '../games/client-game.js';
import { verifyChainLink, type ChainLinkResult } from '../verify.js';
import { Modal } from './Modal.js';
import { FairField, FairTabs } from './fair-parts.js';

/*
 * The fairness panel of a game played on the site's seed chain (Rocket, games/crash.ts): the
 * player has no seeds to rotate. The `state` call's seeds name the chain (serverSeedHash = its
 * published end h_0, clientSeed = its salt, nonce = the current round's index); a past round is
 * checked in the browser from its revealed hash: the crash point from HMAC(hash, salt), and the
 * hash leading by SHA-256 to the previous round's hash (or, after `index` hashings, to h_0).
 */

interface ChainForm {
  hash: string;
  salt: string;
  committed: string;
  index: string;
}

function formOf(round: RoundView | null, seeds: ActiveSeeds): ChainForm {
  if (!round) return { hash: '', salt: seeds.clientSeed, committed: seeds.serverSeedHash, index: String(seeds.nonce) };
  return { hash: round.fair.serverSeed ?? '', salt: round.fair.clientSeed, committed: round.fair.serverSeedHash, index: String(round.fair.nonce) };
}

type Outcome = { ok: true; result: ChainLinkResult; pointMatches: boolean | null } | { ok: false };

export function ChainFairModal(props: { game: ClientGame; seeds: ActiveSeeds; round: RoundView | null; onClose(): void }) {
  const { t, fmt } = useGame();
  const [tab, setTab] = useState<'chain' | 'verify'>(props.round ? 'verify' : 'chain');
  const [form, setForm] = useState<ChainForm>(() => formOf(props.round, props.seeds));
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const verify = () => {
    try {
      const index = Number(form.index.trim());
      const result = verifyChainLink({ hash: form.hash, salt: form.salt, committed: form.committed, index });
      const recorded = props.round ? (props.round.view as CrashBetView).crashPoint : null;
      const sameRound = props.round !== null && props.round.fair.serverSeed === form.hash.trim().toLowerCase() && props.round.fair.clientSeed === form.salt;
      setOutcome({ ok: true, result, pointMatches: sameRound && recorded !== null ? recorded === result.crashPoint : null });
    } catch {
      setOutcome({ ok: false });
    }
  };

  const field = (name: keyof ChainForm, label: string) => <FairField label={label} value={form[name]} onChange={(value) => setForm({ ...form, [name]: value })} />;

  return (
    <Modal title={t('fair.title')} closeLabel={t('shell.close')} onClose={props.onClose} wide>
      <FairTabs
        tabs={[
          { id: 'chain', label: t('fair.chainTab') },
          { id: 'verify', label: t('fair.verifyTab') },
        ]}
        current={tab}
        onChange={setTab}
      />
      {tab === 'chain' ? (
        <div className="hg-fair" role="tabpanel">
          <p className="hg-muted">{t('fair.chainExplain')}</p>
          <dl className="hg-seeds">
            <dt>{t('fair.chainEnd')}</dt>
            <dd className="hg-mono" data-testid="chain-end">
              {props.seeds.serverSeedHash}
            </dd>
            <dt>{t('fair.salt')}</dt>
            <dd className="hg-mono">{props.seeds.clientSeed}</dd>
            <dt>{t('fair.chainIndex')}</dt>
            <dd className="hg-mono">{props.seeds.nonce}</dd>
          </dl>
        </div>
      ) : (
        <div className="hg-fair" role="tabpanel">
          {field('hash', t('fair.chainHash'))}
          {field('salt', t('fair.salt'))}
          {field('committed', t('fair.chainCommitted'))}
          {field('index', t('fair.chainIndex'))}
          <button type="button" className="hg-primary" onClick={verify}>
            {t('fair.run')}
          </button>
          {outcome ? (
            <div className="hg-verdict" role="status">
              {outcome.ok ? (
                <>
                  <p className={outcome.result.steps !== null ? 'hg-ok' : 'hg-bad'}>
                    {outcome.result.steps === null
                      ? `✘ ${t('fair.chainDiffers')}`
                      : outcome.result.steps === 1
                        ? `✔ ${t('fair.chainParent')}`
                        : `✔ ${t('fair.chainMatches', { steps: outcome.result.steps })}`}
                  </p>
                  {outcome.pointMatches !== null ? (
                    <p className={outcome.pointMatches ? 'hg-ok' : 'hg-bad'}>{outcome.pointMatches ? `✔ ${t('fair.matches')}` : `✘ ${t('fair.differs')}`}</p>
                  ) : null}
                  <p data-testid="chain-crash-point">{t('fair.crashPoint', { multiplier: fmt.multiple(outcome.result.crashPoint) })}</p>
                  <p className="hg-mono hg-muted">SHA-256(hash) = {outcome.result.parent}</p>
                </>
              ) : (
                <p className="hg-bad">{t('fair.chainBadInput')}</p>
              )}
            </div>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
