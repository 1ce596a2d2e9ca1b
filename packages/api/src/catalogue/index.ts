/** What other features may use of catalogue/ (ADR 0027): everything else in the folder is its own. */
export { catalogueGameOf, gameNamed, offeredBySite, offersDemo, selectCatalogueGames } from './catalogue-game.js';
export { opsGames, opsGameSet, type GamesAccess } from './ops-games.js';
