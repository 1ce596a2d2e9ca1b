import qrcode from 'qrcode-generator';

/** A QR code as an SVG path over a square of `size` modules (the quiet zone is the drawing's). */
export interface QrCode {
  size: number;
  path: string;
}

/**
 * The QR code of a link (qrcode-generator: no dependencies, pure JavaScript). /download's loader
 * draws its app links on the server, so that page ships an inline SVG and no QR library (a module
 * a route uses in its loader only stays out of the browser's bundle); /referral draws the
 * player's share link in the browser, where the session and so the referral code are, and imports
 * this module lazily. Error correction M (15 %) suits a link printed small or shown on a screen;
 * the version grows with the link. Each row's dark runs become one rectangle each, which keeps the
 * path short.
 */
export function qrCodeOf(text: string): QrCode {
  const qr = qrcode(0, 'M');
  // The link as ASCII: the library's default byte encoding keeps only the low byte of each character.
  qr.addData(asciiLink(text), 'Byte');
  qr.make();
  const size = qr.getModuleCount();
  const runs: string[] = [];
  for (let row = 0; row < size; row += 1) {
    let column = 0;
    while (column < size) {
      if (!qr.isDark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < size && qr.isDark(row, column)) column += 1;
      runs.push(`M${start} ${row}h${column - start}v1h${start - column}z`);
    }
  }
  return { size, path: runs.join('') };
}

/** An address with its non-ASCII characters percent-encoded (a host in punycode), or the text as given when it is no address. */
function asciiLink(text: string): string {
  try {
    return new URL(text).href;
  } catch {
    return encodeURI(text);
  }
}
