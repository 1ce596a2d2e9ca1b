/**
 * The user-agent parser for the browser, which loads it on demand (a chunk of its own): only the
 * device sync imports this module, dynamically. The server imports parse-user-agent directly.
 */
export { describeUserAgent } from './parse-user-agent';
