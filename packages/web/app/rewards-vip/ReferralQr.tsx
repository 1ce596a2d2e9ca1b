import { useEffect, useState } from 'react';
import type { QrCode } from './qr-code';

/**
 * The share link's QR code. The QR module (and its library) loads only here, when a player's link
 * is known: see qr-code.ts for why it is drawn in the browser. Until it is ready a blank square of
 * the same size keeps the layout still.
 */
export function ReferralQr({ link, label }: { link: string; label: string }) {
  const [qr, setQr] = useState<{ link: string; code: QrCode } | null>(null);

  useEffect(() => {
    let live = true;
    import('./qr-code')
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
  const box = qr.code.size + 8;
  // Dark modules on white with a four-module quiet zone, whatever the theme: scanners need the contrast.
  return (
    <svg className="referral-qr__image" viewBox={`-4 -4 ${box} ${box}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="referral-qr">
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={qr.code.path} fill="#000" />
    </svg>
  );
}
