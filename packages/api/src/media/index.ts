/** What other features may use of media/ (ADR 0027): everything else in the folder is its own. */
export { gamePlaceholder } from './game-art.js';
export { shade } from './logo.js';
