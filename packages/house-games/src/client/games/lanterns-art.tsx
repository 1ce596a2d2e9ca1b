import { useId, type ReactNode } from 'react';
import { LANTERNS_PAYLINES } from '../../games/index.js';
import type { LanternsSymbol } from '../../games/index.js';

/*
 * Lucky Lanterns' symbols drawn as inline SVG (no image files: the studio's CSP allows only 'self'
 * and data: URIs, and vector art stays sharp at every reel size). Each drawing is on a 100 × 100
 * canvas; gradient ids come from useId, so the same symbol may show many times on a page.
 */

type Stops = ReadonlyArray<readonly [string, string]>;

function Gradient({ id, stops, radial = false }: { id: string; stops: Stops; radial?: boolean }) {
  const children = stops.map(([offset, color]) => <stop key={offset} offset={offset} stopColor={color} />);
  return radial ? (
    <radialGradient id={id} cx="40%" cy="35%" r="70%">
      {children}
    </radialGradient>
  ) : (
    <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
      {children}
    </linearGradient>
  );
}

const GOLD: Stops = [
  ['0', '#fff3b0'],
  ['0.45', '#ffc940'],
  ['1', '#b8770b'],
];

/** A round medallion of a high symbol: a gradient disc in a golden ring. */
function Medallion({ id, stops, children }: { id: string; stops: Stops; children: ReactNode }) {
  return (
    <>
      <defs>
        <Gradient id={`${id}-disc`} stops={stops} radial />
        <Gradient id={`${id}-gold`} stops={GOLD} />
      </defs>
      <circle cx="50" cy="50" r="44" fill={`url(#${id}-disc)`} stroke={`url(#${id}-gold)`} strokeWidth="5" />
      <circle cx="50" cy="50" r="37" fill="none" stroke="rgba(255,230,150,0.35)" strokeWidth="1.5" strokeDasharray="3 4" />
      {children}
    </>
  );
}

function Dragon({ id }: { id: string }) {
  const gold = `url(#${id}-gold)`;
  return (
    <Medallion
      id={id}
      stops={[
        ['0', '#ff6b5b'],
        ['0.6', '#c0141f'],
        ['1', '#5c050b'],
      ]}
    >
      <path d="M24 74 C 14 52, 40 44, 48 58 S 74 70, 70 40" fill="none" stroke={gold} strokeWidth="10" strokeLinecap="round" />
      <path d="M24 74 C 14 52, 40 44, 48 58 S 74 70, 70 40" fill="none" stroke="#7a1010" strokeWidth="2" strokeDasharray="2 5" strokeLinecap="round" />
      <path d="M30 52 l-4 -9 9 5 M44 51 l2 -10 5 9 M58 64 l6 -7 1 10" fill="#ffd866" stroke="#8a5a00" strokeWidth="1" />
      <path d="M62 40 C 60 26, 78 22, 82 32 C 86 40, 76 46, 70 44 Z" fill={gold} stroke="#7a4a00" strokeWidth="1.5" />
      <path d="M66 28 l-6 -10 M74 26 l2 -11" stroke="#ffd866" strokeWidth="3" strokeLinecap="round" />
      <circle cx="74" cy="32" r="3" fill="#2a0000" />
      <circle cx="75" cy="31" r="1" fill="#fff" />
      <path d="M82 36 C 90 38, 92 46, 86 50 M80 40 C 86 46, 84 54, 78 56" fill="none" stroke="#ffe9a0" strokeWidth="1.5" strokeLinecap="round" />
    </Medallion>
  );
}

function Phoenix({ id }: { id: string }) {
  return (
    <Medallion
      id={id}
      stops={[
        ['0', '#ffb347'],
        ['0.6', '#d9480f'],
        ['1', '#6b1606'],
      ]}
    >
      <path d="M50 56 C 38 28, 20 26, 12 38 C 26 40, 32 48, 48 62 Z" fill="#ffe066" stroke="#a14a00" strokeWidth="1.5" />
      <path d="M50 56 C 62 28, 80 26, 88 38 C 74 40, 68 48, 52 62 Z" fill="#ffe066" stroke="#a14a00" strokeWidth="1.5" />
      <path d="M20 38 C 30 40, 38 48, 46 58 M80 38 C 70 40, 62 48, 54 58" fill="none" stroke="#ff8c1a" strokeWidth="2" />
      <path
        d="M50 64 C 44 76, 36 82, 26 86 M50 64 C 50 78, 50 84, 50 90 M50 64 C 56 76, 64 82, 74 86"
        fill="none"
        stroke="#ffd43b"
        strokeWidth="3.5"
        strokeLinecap="round"
      />
      <ellipse cx="50" cy="54" rx="7" ry="13" fill="#fff4c2" stroke="#a14a00" strokeWidth="1.5" />
      <circle cx="50" cy="38" r="6.5" fill="#fff4c2" stroke="#a14a00" strokeWidth="1.5" />
      <path d="M50 32 C 46 24, 50 20, 54 16 M50 32 C 54 26, 58 24, 62 24" fill="none" stroke="#ffd43b" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M50 40 l-3 3 h6 z" fill="#d9480f" />
      <circle cx="48" cy="37" r="1.4" fill="#3a0a00" />
    </Medallion>
  );
}

function Koi({ id }: { id: string }) {
  return (
    <Medallion
      id={id}
      stops={[
        ['0', '#63e6e2'],
        ['0.6', '#1287a8'],
        ['1', '#083a57'],
      ]}
    >
      <g transform="rotate(-18 50 50)">
        <path d="M70 50 L 88 34 L 83 50 L 88 66 Z" fill="#ff922b" stroke="#a33a00" strokeWidth="1.5" />
        <path d="M18 50 C 28 30, 62 30, 72 50 C 62 70, 28 70, 18 50 Z" fill="#fff7ee" stroke="#a33a00" strokeWidth="2" />
        <path d="M34 36 C 42 34, 48 40, 46 48 C 40 46, 36 42, 34 36 Z M52 54 C 58 50, 66 52, 66 58 C 60 60, 54 58, 52 54 Z" fill="#f76707" />
        <path d="M42 62 C 44 72, 52 74, 56 70 Z M44 38 C 48 28, 56 28, 58 32 Z" fill="#ff922b" stroke="#a33a00" strokeWidth="1" />
        <circle cx="27" cy="47" r="2.6" fill="#1a1a1a" />
        <path d="M20 52 C 14 56, 12 62, 14 66" fill="none" stroke="#ffd8a8" strokeWidth="1.5" strokeLinecap="round" />
      </g>
    </Medallion>
  );
}

function Coin({ id }: { id: string }) {
  return (
    <>
      <defs>
        <Gradient id={`${id}-gold`} stops={GOLD} radial />
      </defs>
      <circle cx="50" cy="50" r="42" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="4" />
      <circle cx="50" cy="50" r="33" fill="none" stroke="#a86b00" strokeWidth="2.5" />
      <rect x="39" y="39" width="22" height="22" rx="2" fill="#3b2600" stroke="#8a5a00" strokeWidth="3" />
      {[
        [50, 27],
        [73, 50],
        [50, 73],
        [27, 50],
      ].map(([x, y]) => (
        <rect key={`${x}-${y}`} x={x! - 4} y={y! - 4} width="8" height="8" transform={`rotate(45 ${x} ${y})`} fill="#a86b00" />
      ))}
      <ellipse cx="36" cy="30" rx="10" ry="5" fill="rgba(255,255,255,0.45)" transform="rotate(-30 36 30)" />
    </>
  );
}

/** The card ranks: a bold letter in its own colour. */
const RANK_COLOURS: Record<'A' | 'K' | 'Q' | 'J' | '10', Stops> = {
  A: [
    ['0', '#ff8a8a'],
    ['1', '#c2182b'],
  ],
  K: [
    ['0', '#8ecbff'],
    ['1', '#1864ab'],
  ],
  Q: [
    ['0', '#e5b3ff'],
    ['1', '#862e9c'],
  ],
  J: [
    ['0', '#a9f5b8'],
    ['1', '#2b8a3e'],
  ],
  '10': [
    ['0', '#ffd8a8'],
    ['1', '#d9480f'],
  ],
};

function Rank({ id, rank }: { id: string; rank: keyof typeof RANK_COLOURS }) {
  return (
    <>
      <defs>
        <Gradient id={`${id}-rank`} stops={RANK_COLOURS[rank]} />
      </defs>
      <text
        x="50"
        y="70"
        textAnchor="middle"
        fontSize={rank === '10' ? 52 : 64}
        fontWeight="900"
        fontFamily="Georgia, 'Times New Roman', serif"
        fill={`url(#${id}-rank)`}
        stroke="#0b0f1c"
        strokeWidth="4"
        paintOrder="stroke"
        letterSpacing={rank === '10' ? -4 : 0}
      >
        {rank}
      </text>
      <path d="M50 80 l5 5 -5 5 -5 -5 z" fill="#ffc940" />
    </>
  );
}

function Wild({ id, multiplier }: { id: string; multiplier: number }) {
  return (
    <>
      <defs>
        <Gradient
          id={`${id}-wild`}
          stops={[
            ['0', '#9c36b5'],
            ['1', '#2b0a3d'],
          ]}
        />
        <Gradient id={`${id}-gold`} stops={GOLD} />
      </defs>
      <rect x="8" y="14" width="84" height="72" rx="14" fill={`url(#${id}-wild)`} stroke={`url(#${id}-gold)`} strokeWidth="5" />
      <path d="M50 20 l4 9 10 1 -8 6 3 10 -9 -6 -9 6 3 -10 -8 -6 10 -1 z" fill="#ffd43b" />
      <text x="50" y="72" textAnchor="middle" fontSize="25" fontWeight="900" fill={`url(#${id}-gold)`} stroke="#2b0a3d" strokeWidth="2" paintOrder="stroke">
        WILD
      </text>
      {multiplier > 1 ? (
        <g>
          <circle cx="78" cy="80" r="16" fill="#e03131" stroke="#ffd43b" strokeWidth="3" />
          <text x="78" y="86.5" textAnchor="middle" fontSize="17" fontWeight="900" fill="#fff">
            ×{multiplier}
          </text>
        </g>
      ) : null}
    </>
  );
}

function Scatter({ id }: { id: string }) {
  return (
    <>
      <defs>
        <Gradient
          id={`${id}-env`}
          stops={[
            ['0', '#ff4d4f'],
            ['1', '#8f0a12'],
          ]}
        />
        <Gradient id={`${id}-gold`} stops={GOLD} radial />
      </defs>
      <rect x="22" y="10" width="56" height="80" rx="7" fill={`url(#${id}-env)`} stroke="#ffc940" strokeWidth="3" />
      <path d="M22 20 Q 50 50 78 20" fill="#b3121c" stroke="#ffc940" strokeWidth="3" />
      <circle cx="50" cy="50" r="13" fill={`url(#${id}-gold)`} stroke="#8a5a00" strokeWidth="2" />
      <rect x="45" y="45" width="10" height="10" fill="#b3121c" />
      <path d="M30 76 h40 M34 82 h32" stroke="#ffc940" strokeWidth="2" strokeLinecap="round" />
      <path d="M14 14 l4 4 M86 14 l-4 4 M12 50 h5 M88 50 h-5" stroke="#ffe066" strokeWidth="3" strokeLinecap="round" />
    </>
  );
}

function Lantern({ id }: { id: string }) {
  return (
    <>
      <defs>
        <radialGradient id={`${id}-glow`} cx="50%" cy="50%" r="50%">
          <stop offset="0" stopColor="#fff3b0" />
          <stop offset="0.55" stopColor="#ffb000" />
          <stop offset="1" stopColor="#c2410c" />
        </radialGradient>
      </defs>
      <path d="M50 2 v10" stroke="#ffd43b" strokeWidth="2" />
      <rect x="37" y="11" width="26" height="8" rx="2" fill="#8a3a00" stroke="#ffd43b" strokeWidth="1.5" />
      <ellipse cx="50" cy="48" rx="34" ry="30" fill={`url(#${id}-glow)`} stroke="#8a3a00" strokeWidth="2" />
      <ellipse cx="50" cy="48" rx="20" ry="30" fill="none" stroke="#b45309" strokeWidth="1.8" />
      <ellipse cx="50" cy="48" rx="7" ry="30" fill="none" stroke="#b45309" strokeWidth="1.8" />
      <rect x="37" y="76" width="26" height="8" rx="2" fill="#8a3a00" stroke="#ffd43b" strokeWidth="1.5" />
      <path d="M44 84 v12 M50 84 v14 M56 84 v12" stroke="#e03131" strokeWidth="2.5" strokeLinecap="round" />
    </>
  );
}

/** One symbol's drawing (decorative: the cell around it carries the symbol's name). */
export function SymbolArt({ symbol, multiplier = 1 }: { symbol: LanternsSymbol; multiplier?: number }) {
  const id = `lan${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  let art: ReactNode;
  switch (symbol) {
    case 'dragon':
      art = <Dragon id={id} />;
      break;
    case 'phoenix':
      art = <Phoenix id={id} />;
      break;
    case 'koi':
      art = <Koi id={id} />;
      break;
    case 'coin':
      art = <Coin id={id} />;
      break;
    case 'wild':
      art = <Wild id={id} multiplier={multiplier} />;
      break;
    case 'scatter':
      art = <Scatter id={id} />;
      break;
    case 'lantern':
      art = <Lantern id={id} />;
      break;
    default:
      art = <Rank id={id} rank={symbol} />;
  }
  return (
    <svg className="hg-lan-art" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
      {art}
    </svg>
  );
}

/** A payline as a small 5 × 3 diagram: the cells it crosses filled, joined by its line. */
export function PaylineDiagram({ line }: { line: number }) {
  const rows = LANTERNS_PAYLINES[line]!;
  const points = rows.map((row, reel) => `${reel * 10 + 5},${row * 10 + 5}`).join(' ');
  return (
    <svg className="hg-lan-payline" viewBox="0 0 50 30" aria-hidden="true" focusable="false">
      {Array.from({ length: 15 }, (_, cell) => {
        const reel = cell % 5;
        const row = Math.floor(cell / 5);
        return <rect key={cell} x={reel * 10 + 1} y={row * 10 + 1} width="8" height="8" rx="1.5" className={rows[reel] === row ? 'is-on' : undefined} />;
      })}
      <polyline points={points} />
    </svg>
  );
}

/** The colour a payline is drawn in over the reels (20 distinct hues). */
export function paylineColour(line: number): string {
  return `hsl(${(line * 137) % 360} 95% 62%)`;
}
