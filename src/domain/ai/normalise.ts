/**
 * Puts a shopper's query into one spelling before parsing: lower case, no accents, numbers as plain
 * digits ("10 grand", "£10k", "ten thousand" -> 10000), money periods as one word (permonth, peryear),
 * and punctuation that only separates words turned into spaces.
 */
const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
};

export function normaliseQuery(query: string): string {
  let s = query
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  s = s.replace(/[’‘`]/g, "'").replace(/&/g, ' and ').replace(/£\s+/g, '£');
  s = s.replace(/(\d),(?=\d{3}(?!\d))/g, '$1');
  s = s.replace(
    /\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty)\b/g,
    (w) => String(NUMBER_WORDS[w]),
  );
  s = s.replace(/(\d+(?:\.\d+)?)\s?(?:k|grand|thousand)\b/g, (_, n: string) =>
    String(Math.round(parseFloat(n) * 1000)),
  );
  s = s.replace(/(\d)\s?(?:pm|pcm|p\/m|p\.m\.?)(?=\s|$|[,.;!?])/g, '$1 permonth');
  s = s.replace(/\s?(?:per month|a month|each month|\/month|\/mo|per mth|a mth|monthly)\b/g, ' permonth');
  s = s.replace(/(\d)\s?(?:pa|p\/a)(?=\s|$|[,.;!?])/g, '$1 peryear');
  s = s.replace(/\s?(?:per year|a year|each year|\/yr|\/year|per annum|annually|a yr)\b/g, ' peryear');
  s = s.replace(/(\d)\s*[-–]\s*(£?\d)/g, '$1 to $2');
  s = s.replace(/(\d)\+/g, '$1 plus');
  s = s.replace(/[-–—_/]/g, ' ');
  s = s.replace(/[,;:!?()"“”'[\]{}*]/g, ' ');
  s = s.replace(/\.(?=\s|$)/g, ' ');
  return s.replace(/\s+/g, ' ').trim();
}
