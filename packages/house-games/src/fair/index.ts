export {
  CLIENT_SEED_PATTERN,
  SERVER_SEED_PATTERN,
  hashServerSeed,
  newClientSeed,
  newServerSeed,
  nobleHmacSha256,
  roundBlock,
  roundHash,
  type HmacSha256,
  type RoundSeeds,
} from './seeds.js';
export { FairStream, intBelow, pickDistinct, type FloatSource } from './stream.js';
