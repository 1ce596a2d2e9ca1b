import { useEffect, useState } from 'react';
import type { QrCode } from '../qr/qr-code';
import { QrImage } from '../qr/QrImage';

/**
 * The share link's QR code. The QR module (and its library) loads only here, when a player's link
 * is known (its referral code lives with the session, in the browser). Until it is ready a blank square of
 * the same size keeps the layout still.
 */
export function ReferralQr({ link, label }: { link: string; label: string }) {
  const [qr, setQr] = useState<{ link: string; code: QrCode } | null>(null);

  useEffect(() => {
    let live = true;
    import('../qr/qr-code')
      .then(({ qrCodeOf }) => {
        if (live) setQr({ link, code: qrCodeOf(link) });
      })
      .catch(() => {
        // The chunk failed to load (offline, a new build): the link and its copy button still work.
      });
    return () => {
      live = false;
    };
  }, [link]);

  if (!qr || qr.link !== link) return <span className="referral-qr__image referral-qr__image--pending" aria-hidden="true" />;
  return <QrImage qr={qr.code} label={label} className="referral-qr__image" testId="referral-qr" />;
}
