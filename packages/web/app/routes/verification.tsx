import { Verification } from '../verification/Verification';
import '../styles/player.css';
import '../styles/responsible.css';
import '../styles/verification.css';

export { screenMeta as meta } from '../seo/merge-meta';

/**
 * /verification (issue 25 §4, ADR 0040): the player's identity verification, linked from /account
 * and from a withdrawal refused for want of it. Open to guests, who are asked to log in, as
 * /responsible-gaming is (the guest prompt's styles are that page's).
 */
export default function VerificationPage() {
  return <Verification />;
}
