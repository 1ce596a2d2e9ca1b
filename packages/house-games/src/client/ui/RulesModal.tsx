import { useGame } from '../context.js';
import type { MessageKey } from '../i18n/index.js';
import type { ClientGame } from '../games/client-game.js';
import { Modal } from './Modal.js';

/** Rules and paytable: the RTP, the limits, how the outcome is drawn, and the game's paytable. */
export function RulesModal({ game, rtp, onClose }: { game: ClientGame; rtp: string; onClose(): void }) {
  const { t, fmt, limits, boot } = useGame();
  return (
    <Modal title={`${t(`game.${boot.game}` as MessageKey)} · ${t('rules.title')}`} closeLabel={t('shell.close')} onClose={onClose} wide>
      <p className="hg-rules__rtp">{t('rules.rtp', { rtp: fmt.percent(rtp) })}</p>
      <p>{t('rules.limits', { min: fmt.money(limits.minBet), max: fmt.money(limits.maxBet), maxWin: fmt.money(limits.maxWin) })}</p>
      <game.Paytable />
      <p className="hg-muted">{t('rules.fair')}</p>
    </Modal>
  );
}
