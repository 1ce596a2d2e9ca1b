/*
 * Banks by currency, the default list of a new site (ADR 0043) and the demo's: the large retail banks of each market and, where players
 * commonly use them, mobile wallets (GCash, Touch 'n Go, MoMo, bKash, M-Pesa...). The first two
 * banks also hold the operator's receiving accounts for bank transfers; the first wallet, when
 * there is one, those of the e-wallet method.
 */

export interface KnownBank {
  code: string;
  name: string;
  kind: 'bank' | 'e_wallet';
}

const bank = (code: string, name: string): KnownBank => ({ code, name, kind: 'bank' });
const wallet = (code: string, name: string): KnownBank => ({ code, name, kind: 'e_wallet' });

export const KNOWN_BANKS: Record<string, KnownBank[]> = {
  PHP: [
    bank('BDO', 'BDO Unibank'),
    bank('BPI', 'Bank of the Philippine Islands'),
    bank('MBTC', 'Metrobank'),
    bank('LBP', 'Land Bank of the Philippines'),
    bank('SECB', 'Security Bank'),
    bank('UBP', 'UnionBank of the Philippines'),
    bank('RCBC', 'RCBC'),
    wallet('GCASH', 'GCash'),
    wallet('MAYA', 'Maya'),
  ],
  MYR: [
    bank('MBB', 'Maybank'),
    bank('CIMB', 'CIMB Bank'),
    bank('PBB', 'Public Bank'),
    bank('RHB', 'RHB Bank'),
    bank('HLB', 'Hong Leong Bank'),
    bank('AMB', 'AmBank'),
    bank('BIMB', 'Bank Islam'),
    wallet('TNG', "Touch 'n Go eWallet"),
  ],
  THB: [
    bank('BBL', 'Bangkok Bank'),
    bank('KBANK', 'Kasikornbank'),
    bank('SCB', 'Siam Commercial Bank'),
    bank('KTB', 'Krungthai Bank'),
    bank('BAY', 'Krungsri (Bank of Ayudhya)'),
    bank('TTB', 'TMBThanachart Bank'),
    wallet('TMW', 'TrueMoney Wallet'),
  ],
  USD: [bank('CHASE', 'JPMorgan Chase'), bank('BOA', 'Bank of America'), bank('WF', 'Wells Fargo'), bank('CITI', 'Citibank'), bank('USB', 'U.S. Bank')],
  EUR: [bank('DB', 'Deutsche Bank'), bank('BNP', 'BNP Paribas'), bank('ING', 'ING'), bank('SAN', 'Banco Santander'), bank('UCG', 'UniCredit')],
  INR: [
    bank('SBI', 'State Bank of India'),
    bank('HDFC', 'HDFC Bank'),
    bank('ICICI', 'ICICI Bank'),
    bank('AXIS', 'Axis Bank'),
    bank('KOTAK', 'Kotak Mahindra Bank'),
    bank('PNB', 'Punjab National Bank'),
    wallet('PAYTM', 'Paytm Wallet'),
  ],
  VND: [
    bank('VCB', 'Vietcombank'),
    bank('TCB', 'Techcombank'),
    bank('CTG', 'VietinBank'),
    bank('BIDV', 'BIDV'),
    bank('VBA', 'Agribank'),
    bank('MB', 'MB Bank'),
    bank('ACB', 'ACB'),
    bank('VPB', 'VPBank'),
    bank('STB', 'Sacombank'),
    wallet('MOMO', 'MoMo'),
  ],
  SGD: [bank('DBS', 'DBS Bank'), bank('OCBC', 'OCBC Bank'), bank('UOB', 'UOB'), bank('SCSG', 'Standard Chartered Singapore'), bank('MBSG', 'Maybank Singapore')],
  IDR: [
    bank('BCA', 'Bank Central Asia'),
    bank('MANDIRI', 'Bank Mandiri'),
    bank('BRI', 'Bank Rakyat Indonesia'),
    bank('BNI', 'Bank Negara Indonesia'),
    bank('CIMBN', 'CIMB Niaga'),
    bank('DANAMON', 'Bank Danamon'),
    wallet('DANA', 'DANA'),
    wallet('OVO', 'OVO'),
  ],
  BDT: [
    bank('SONALI', 'Sonali Bank'),
    bank('DBBL', 'Dutch-Bangla Bank'),
    bank('BRAC', 'BRAC Bank'),
    bank('IBBL', 'Islami Bank Bangladesh'),
    bank('EBL', 'Eastern Bank'),
    wallet('BKASH', 'bKash'),
    wallet('NAGAD', 'Nagad'),
  ],
  NPR: [
    bank('NABIL', 'Nabil Bank'),
    bank('GIBL', 'Global IME Bank'),
    bank('NICA', 'NIC Asia Bank'),
    bank('NBL', 'Nepal Bank'),
    bank('RBB', 'Rastriya Banijya Bank'),
    bank('HBL', 'Himalayan Bank'),
    wallet('ESEWA', 'eSewa'),
    wallet('KHALTI', 'Khalti'),
  ],
  KES: [
    bank('KCB', 'KCB Bank'),
    bank('EQUITY', 'Equity Bank'),
    bank('COOP', 'Co-operative Bank of Kenya'),
    bank('NCBA', 'NCBA Bank'),
    bank('ABSA', 'Absa Bank Kenya'),
    bank('SCBK', 'Standard Chartered Kenya'),
    wallet('MPESA', 'M-Pesa'),
  ],
  CNY: [
    bank('ICBC', 'Industrial and Commercial Bank of China'),
    bank('CCB', 'China Construction Bank'),
    bank('ABC', 'Agricultural Bank of China'),
    bank('BOC', 'Bank of China'),
    bank('BOCOM', 'Bank of Communications'),
    bank('CMB', 'China Merchants Bank'),
  ],
  MMK: [bank('KBZ', 'KBZ Bank'), bank('CB', 'CB Bank'), bank('AYA', 'AYA Bank'), bank('YOMA', 'Yoma Bank'), bank('AGD', 'AGD Bank'), wallet('KBZPAY', 'KBZPay'), wallet('WAVE', 'Wave Money')],
  BRL: [
    bank('BB', 'Banco do Brasil'),
    bank('ITAU', 'Itaú Unibanco'),
    bank('BRADESCO', 'Bradesco'),
    bank('CAIXA', 'Caixa Econômica Federal'),
    bank('SANBR', 'Santander Brasil'),
    bank('NUBANK', 'Nubank'),
  ],
  MNT: [bank('KHAN', 'Khan Bank'), bank('GOLOMT', 'Golomt Bank'), bank('TDB', 'Trade and Development Bank'), bank('XAC', 'XacBank'), bank('STATE', 'State Bank')],
};

/** Banks of a currency without its own list: a generic pair, so a site always has somewhere to pay. */
export function knownBanksOf(currency: string): KnownBank[] {
  return KNOWN_BANKS[currency] ?? [bank('BANK1', 'National Bank'), bank('BANK2', 'City Bank')];
}
