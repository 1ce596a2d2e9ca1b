/**
 * A player's action that the game's rules refuse (mines: cashing out before any pick, revealing a
 * cell twice). The studio's server answers it as VALIDATION (api.ts); `rule` names the rule broken
 * so the client can say which.
 */
export class GameRuleError extends Error {
  override readonly name = 'GameRuleError';

  constructor(
    readonly rule: string,
    message: string = rule,
  ) {
    super(message);
  }
}
