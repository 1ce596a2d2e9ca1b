import { isPositiveDecimal, type MinigameReply } from '@wl/contracts';
import { formatAmount } from '../shared/format/numbers';
import { Icon } from '../shared/ui/icons';
import { useT } from '../i18n/use-t';
import { ProgressBar } from './ProgressBar';

export type MinigameStatus = Omit<MinigameReply, 'statusCode' | 'message'>;

/**
 * The minigame wallet: game tokens, frozen tokens and the progress of the condition that releases
 * them (approved deposits or turnover reaching the site's amount), and a notice when this visit
 * released frozen tokens into the game tokens.
 */
export function TokenSummary({ status, tokens, currency }: { status: MinigameStatus; tokens: string; currency: string }) {
  const { t } = useT();
  const condition = status.release_condition;
  const frozen = isPositiveDecimal(status.frozen_token);
  const target = `${formatAmount(condition.target)} ${currency}`;
  return (
    <section className="player-card token-summary" aria-labelledby="token-summary-title">
      <h2 id="token-summary-title" className="player-card__title">
        <Icon name="wallet" size={20} />
        {t('rewards.minigame.walletTitle')}
      </h2>
      {isPositiveDecimal(status.released) ? (
        <p className="token-summary__released" role="status" data-testid="tokens-released">
          <Icon name="check" size={18} />
          {t('rewards.minigame.released', { amount: formatAmount(status.released) })}
        </p>
      ) : null}
      <dl className="token-summary__amounts">
        <div className="token-summary__amount token-summary__amount--tokens">
          <dt>{t('rewards.tokens')}</dt>
          <dd data-testid="minigame-tokens">{formatAmount(tokens)}</dd>
        </div>
        <div className="token-summary__amount token-summary__amount--frozen">
          <dt>{t('rewards.frozenTokens')}</dt>
          <dd data-testid="minigame-frozen">{formatAmount(status.frozen_token)}</dd>
        </div>
      </dl>
      <div className="token-summary__release">
        <p className="token-summary__condition">
          {condition.kind === 'deposit' ? t('rewards.minigame.releaseDeposit', { target }) : t('rewards.minigame.releaseTurnover', { target })}
        </p>
        {frozen ? (
          <ProgressBar
            label={t('rewards.minigame.releaseProgress')}
            labelId="frozen-release-progress"
            percent={condition.progress_percent}
            detail={`${formatAmount(condition.progress)} / ${target}`}
          />
        ) : (
          <p className="player-card__note">{t('rewards.minigame.noFrozen')}</p>
        )}
      </div>
    </section>
  );
}
