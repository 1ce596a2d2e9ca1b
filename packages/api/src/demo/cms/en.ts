import type { CmsTexts } from './types.js';

export const en: CmsTexts = {
  about_us: `<h2>About {site}</h2>
<p>{site} is an online gaming site offering slots, live casino, sports betting, fishing games, lottery and more, all in one account and in {currency}.</p>
<p>We work with licensed game providers whose results come from certified random number generators, and we keep our players' funds separate from our operating money.</p>
<h3>What we stand for</h3>
<ul><li>Fair play: every game and every bet is settled by transparent rules.</li><li>Security: your data and transactions are protected with encryption.</li><li>Support: our team is available 24 hours a day through live chat.</li></ul>
<p>Thank you for playing with us. Please play responsibly.</p>`,

  privacy_policy: `<h2>Privacy Policy</h2>
<p>This policy explains how {site} collects, uses and protects your personal information.</p>
<h3>What we collect</h3>
<ul><li>Account details: your user name, name, phone number and email address.</li><li>Transaction details: deposits, withdrawals and game activity.</li><li>Technical details: IP address, device and browser type.</li></ul>
<h3>How we use it</h3>
<p>We use your information to run your account, process payments, prevent fraud, meet our legal duties and, if you agree, send you offers.</p>
<h3>Your rights</h3>
<p>You may ask to see, correct or delete your information by contacting customer support. We never sell your personal information.</p>`,

  banking: `<h2>Banking</h2>
<p>All deposits and withdrawals on {site} are made in {currency}.</p>
<h3>Deposits</h3>
<ol><li>Log in and open the Deposit page.</li><li>Choose a payment method and enter the amount.</li><li>Follow the instructions and keep your payment reference.</li></ol>
<p>Most deposits are credited within a few minutes.</p>
<h3>Withdrawals</h3>
<p>Request a withdrawal on the Withdrawal page to a bank account in your own name. The amount is held while the request is reviewed, usually within 30 minutes.</p>
<p>Minimum and maximum amounts are shown on each page. Contact live chat if a transaction is delayed.</p>`,

  faqs: `<h2>Frequently Asked Questions</h2>
<h3>How do I create an account?</h3>
<p>Tap Register, fill in your details and confirm your phone number with the one-time code we send you.</p>
<h3>I forgot my password. What should I do?</h3>
<p>Use Forgot Password on the login page. We send a code to your registered phone number so you can sign in and set a new password.</p>
<h3>How long does a withdrawal take?</h3>
<p>Most withdrawals are processed within 30 minutes once approved. The money goes to a bank account in your own name.</p>
<h3>Which currency can I use?</h3>
<p>{site} accepts {currency} for all deposits, bets and withdrawals.</p>
<h3>How do I contact support?</h3>
<p>Our support team is available 24/7 through live chat.</p>`,

  responsible_gaming: `<h2>Responsible Gaming</h2>
<p>{site} wants gaming to stay fun. It should never be a way to make money or to escape problems.</p>
<h3>Tips for safe play</h3>
<ul><li>Set a budget before you play and stick to it.</li><li>Set a time limit and take regular breaks.</li><li>Never chase your losses.</li><li>Do not play when you are upset, tired or under the influence of alcohol.</li></ul>
<h3>Your limits</h3>
<p>On the Responsible gaming page of your account you can set daily, weekly and monthly limits on your deposits, losses and stakes, and a daily limit on your time logged in. A lower limit applies at once; a higher one, or removing a limit, only after 24 hours and once you confirm it. A reality check can remind you every 15 to 60 minutes how long you have played and what you have won or lost.</p>
<h3>Time-out and self-exclusion</h3>
<p>You can take a time-out of 24 hours, 1 week, 1 month or 6 weeks, or exclude yourself for 6 months, 1 year, 5 years or permanently. It starts at once, covers every site of our group where you hold an account, and cannot be shortened or lifted before it ends. While it runs you receive no promotional messages, and your pending withdrawals are still paid.</p>
<h3>Age and identity</h3>
<p>Only adults of legal age may play. {site} asks for your date of birth when you register, and may ask for identity documents before paying out.</p>`,

  terms_conditions: `<h2>Terms and Conditions</h2>
<h3>Your account</h3>
<p>You must be of legal gambling age where you live to open an account at {site}. Each player may hold one account, and the details you give must be true and your own.</p>
<h3>Deposits and withdrawals</h3>
<p>All amounts are in {currency}. Withdrawals are paid to a bank account in your own name after the deposits have been played through according to the promotion's rules.</p>
<h3>Bonuses and promotions</h3>
<p>Every bonus has its own rules and period. We may withdraw a bonus that was obtained by abusing these terms, for example through several accounts.</p>
<h3>Fair play</h3>
<p>Game results come from the providers' certified random number generators. Bets placed through errors or faults of the system may be voided.</p>`,
};
