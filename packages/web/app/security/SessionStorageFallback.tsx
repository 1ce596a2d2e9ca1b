/**
 * A page framed on another site (the back office's live preview, ADR 0049) may be refused its
 * sessionStorage by the browser (third-party storage blocked): every read then throws a
 * SecurityError, and React Router's scroll restoration script fails twice at its first line. This
 * runs before any other script and, only when reading throws, gives the page an in-memory
 * sessionStorage for its lifetime, which is what a framed preview needs.
 */
const FALLBACK = `(function(){try{window.sessionStorage.getItem('');}catch(_){var m=new Map();var s={getItem:function(k){return m.has(String(k))?m.get(String(k)):null;},setItem:function(k,v){m.set(String(k),String(v));},removeItem:function(k){m.delete(String(k));},clear:function(){m.clear();},key:function(i){return Array.from(m.keys())[i]||null;}};Object.defineProperty(s,'length',{get:function(){return m.size;}});try{Object.defineProperty(window,'sessionStorage',{value:s,configurable:true});}catch(_e){}}})();`;

export function SessionStorageFallback({ nonce }: { nonce: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: FALLBACK }} />;
}
