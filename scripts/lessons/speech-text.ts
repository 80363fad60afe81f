// What espeak-ng is given for a sentence. The transcript keeps the sentence as written; only the spoken text
// is rewritten where espeak-ng's own reading is wrong or unclear (it says "dollar twenty" for "$20", spells
// "IRA" as a word, and pauses inside "401(k)").

const RESPELLINGS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b401\(k\)/g, 'four oh one k'],
  [/\bETFs\b/g, "E T F's"],
  [/\bETF\b/g, 'E T F'],
  [/\bIRAs\b/g, "I R A's"],
  [/\bIRA\b/g, 'I R A'],
  [/\bISAs\b/g, 'eyesuhs'],
  [/\bRRSPs\b/g, "R R S P's"],
  [/\bTFSAs\b/g, "T F S A's"],
];

const AMOUNT = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;

function dollars(amount: string): string {
  return `${amount} ${amount === '1' ? 'dollar' : 'dollars'}`;
}

/** "$24.32" becomes "24 dollars and 32 cents", "$1,000" becomes "1,000 dollars". */
function speakMoney(text: string): string {
  return text
    .replace(new RegExp(String.raw`\$${AMOUNT}\.(\d{2})\b`, 'g'), (_match, whole: string, cents: string) =>
      cents === '00' ? dollars(whole) : `${dollars(whole)} and ${Number(cents)} ${cents === '01' ? 'cent' : 'cents'}`,
    )
    .replace(new RegExp(String.raw`\$${AMOUNT}(?![\d.,]\d)`, 'g'), (_match, whole: string) => dollars(whole));
}

export function toSpeechText(sentence: string): string {
  let text = speakMoney(sentence);
  for (const [pattern, spoken] of RESPELLINGS) text = text.replace(pattern, spoken);
  return text;
}
