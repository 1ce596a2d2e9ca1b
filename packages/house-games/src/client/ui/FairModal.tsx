import { useState } from 'react';
import type { ActiveSeeds, HouseReply, RoundView } from '../../api.js';
import { CLIENT_SEED_PATTERN } from '../../fair/index.js';
import { errorCodeOf } from '../api-client.js';
import { useGame } from '../context.js';
import type { ClientGame } from '../games/client-game.js';
import { canonicalJson, recomputeRound, type VerifyResult } from '../verify.js';
import { ChainFairModal } from './ChainFairModal.js';
import { Modal } from './Modal.js';
import { FairField, FairTabs } from './fair-parts.js';

type Revealed = HouseReply<'rotateSeeds'>['revealed'];

interface VerifyForm {
  serverSeed: string;
  clientSeed: string;
  nonce: string;
  bet: string;
  actions: string;
}

function formOf(round: RoundView | null, game: ClientGame, revealed: Revealed | null): VerifyForm {
  if (!round) return { serverSeed: revealed?.serverSeed ?? '', clientSeed: revealed?.clientSeed ?? '', nonce: '0', bet: '', actions: '[]' };
  return {
    serverSeed: round.fair.serverSeed ?? '',
    clientSeed: round.fair.clientSeed,
    nonce: String(round.fair.nonce),
    bet: JSON.stringify(round.bet),
    actions: JSON.stringify(game.actionsOf?.(round.view) ?? []),
  };
}

type Outcome = { ok: true; result: VerifyResult; hashMatches: boolean | null; viewMatches: boolean | null } | { ok: false };

type FairModalProps = { game: ClientGame; seeds: ActiveSeeds; round: RoundView | null; onSeeds(seeds: ActiveSeeds): void; onClose(): void };

/** The fairness panel: the player's seed pair, or the site's seed chain for a game that has one (crash). */
export function FairModal(props: FairModalProps) {
  return props.game.seedChain ? <ChainFairModal {...props} /> : <SeedPairModal {...props} />;
}

/** Seeds (the committed hash, the client seed, rotation) and the in-browser verification of a round. */
function SeedPairModal(props: FairModalProps) {
  const { t, fmt, api, boot, reportError, sound } = useGame();
  const [tab, setTab] = useState<'seeds' | 'verify'>(props.round ? 'verify' : 'seeds');
  const [clientSeed, setClientSeed] = useState(props.seeds.clientSeed);
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [busy, setBusy] = useState(false);
  const [form, setForm] = useState<VerifyForm>(() => formOf(props.round, props.game, null));
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const clientSeedValid = CLIENT_SEED_PATTERN.test(clientSeed);

  const rotate = async () => {
    if (!clientSeedValid) return;
    setBusy(true);
    try {
      const reply = await api.call('rotateSeeds', { clientSeed });
      setRevealed(reply.revealed);
      props.onSeeds(reply.seeds);
      setClientSeed(reply.seeds.clientSeed);
      sound.play('click');
    } catch (error) {
      reportError(errorCodeOf(error));
    } finally {
      setBusy(false);
    }
  };

  const verify = () => {
    try {
      const result = recomputeRound({
        game: boot.game,
        seeds: { serverSeed: form.serverSeed.trim(), clientSeed: form.clientSeed.trim(), nonce: Number.parseInt(form.nonce, 10) },
        bet: JSON.parse(form.bet),
        actions: JSON.parse(form.actions || '[]') as unknown[],
      });
      if (!Number.isSafeInteger(Number(form.nonce)) || Number(form.nonce) < 0) throw new Error('nonce');
      const round = props.round;
      const sameRound =
        round &&
        round.fair.serverSeed === form.serverSeed.trim() &&
        round.fair.clientSeed === form.clientSeed.trim() &&
        round.fair.nonce === Number(form.nonce);
      setOutcome({
        ok: true,
        result,
        hashMatches: round ? result.serverSeedHash === round.fair.serverSeedHash : revealed ? result.serverSeedHash === revealed.serverSeedHash : null,
        viewMatches: round && sameRound ? canonicalJson(result.view) === canonicalJson(round.view) : null,
      });
    } catch {
      setOutcome({ ok: false });
    }
  };

  const field = (name: keyof VerifyForm, label: string, multiline = false) => (
    <FairField label={label} value={form[name]} multiline={multiline} onChange={(value) => setForm({ ...form, [name]: value })} />
  );

  return (
    <Modal title={t('fair.title')} closeLabel={t('shell.close')} onClose={props.onClose} wide>
      <FairTabs
        tabs={[
          { id: 'seeds', label: t('fair.seedsTab') },
          { id: 'verify', label: t('fair.verifyTab') },
        ]}
        current={tab}
        onChange={setTab}
      />
      {tab === 'seeds' ? (
        <div className="hg-fair" role="tabpanel">
          <p className="hg-muted">{t('fair.explain')}</p>
          <dl className="hg-seeds">
            <dt>{t('fair.serverSeedHash')}</dt>
            <dd className="hg-mono" data-testid="server-seed-hash">
              {props.seeds.serverSeedHash}
            </dd>
            <dt>{t('fair.nonce')}</dt>
            <dd className="hg-mono">{props.seeds.nonce}</dd>
          </dl>
          <label className="hg-field">
            <span>{t('fair.clientSeed')}</span>
            <input
              spellCheck={false}
              autoComplete="off"
              value={clientSeed}
              aria-invalid={!clientSeedValid}
              onChange={(event) => setClientSeed(event.target.value)}
            />
          </label>
          {!clientSeedValid ? (
            <p className="hg-stake__problem" role="alert">
              {t('fair.clientSeedInvalid')}
            </p>
          ) : null}
          <button type="button" className="hg-primary" disabled={busy || !clientSeedValid} onClick={() => void rotate()}>
            {t('fair.rotate')}
          </button>
          {revealed ? (
            <div className="hg-revealed" role="status">
              <p>{t('fair.revealed', { rounds: revealed.rounds })}</p>
              <p className="hg-mono" data-testid="revealed-seed">
                {revealed.serverSeed}
              </p>
              <button
                type="button"
                className="hg-secondary"
                onClick={() => {
                  setForm(formOf(null, props.game, revealed));
                  setOutcome(null);
                  setTab('verify');
                }}
              >
                {t('fair.verifyTab')}
              </button>
            </div>
          ) : null}
        </div>
      ) : (
        <div className="hg-fair" role="tabpanel">
          {field('serverSeed', t('fair.serverSeed'))}
          {field('clientSeed', t('fair.clientSeed'))}
          {field('nonce', 'Nonce')}
          {field('bet', t('fair.bet'), true)}
          {props.game.actionsOf ? field('actions', t('fair.actions'), true) : null}
          <button type="button" className="hg-primary" onClick={verify}>
            {t('fair.run')}
          </button>
          {outcome ? (
            <div className="hg-verdict" role="status">
              {outcome.ok ? (
                <>
                  {outcome.hashMatches !== null ? (
                    <p className={outcome.hashMatches ? 'hg-ok' : 'hg-bad'}>
                      {outcome.hashMatches ? `✔ ${t('fair.hashMatches')}` : `✘ ${t('fair.hashDiffers')}`}
                    </p>
                  ) : null}
                  {outcome.viewMatches !== null ? (
                    <p className={outcome.viewMatches ? 'hg-ok' : 'hg-bad'}>{outcome.viewMatches ? `✔ ${t('fair.matches')}` : `✘ ${t('fair.differs')}`}</p>
                  ) : null}
                  <p>{t('fair.result', { summary: props.game.summary(outcome.result.view, t, fmt) })}</p>
                  <p className="hg-mono hg-muted">SHA-256(server seed) = {outcome.result.serverSeedHash}</p>
                  <p className="hg-mono hg-muted">HMAC block 0 = {outcome.result.hash}</p>
                </>
              ) : (
                <p className="hg-bad">{t('fair.badInput')}</p>
              )}
            </div>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
