import type { QrCode } from './qr-code';

/**
 * A QR code drawn as SVG: dark modules on white with a four-module quiet zone, whatever the theme
 * (scanners need the contrast). Imports the drawing's type only, so it never pulls the QR library in.
 */
export function QrImage({ qr, label, className, testId }: { qr: QrCode; label: string; className: string; testId: string }) {
  const box = qr.size + 8;
  return (
    <svg className={className} viewBox={`-4 -4 ${box} ${box}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid={testId}>
      <rect x={-4} y={-4} width={box} height={box} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}
