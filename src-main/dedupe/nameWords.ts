// Words of names that lists write in several ways, and the words that say little about which
// supplier it is. Abbreviations are expanded on both sides of every comparison ("Apex Tech" =
// "Apex Technology"); generic words are what a name may add or leave out without naming another
// supplier ("Restaurant Zum Hirsch" = "Zum Hirsch"), as long as its distinctive words agree.

/** Abbreviations to their words (folded, ASCII). Poland's PHU/FHU/PPHU are written out as often
 *  as abbreviated. */
const ABBREVIATIONS = new Map<string, string[]>([
  ['tech', ['technology']],
  ['techn', ['technology']],
  ['technologies', ['technology']],
  ['intl', ['international']],
  ['int', ['international']],
  ['internat', ['international']],
  ['mfg', ['manufacturing']],
  ['mfrs', ['manufacturers']],
  ['svc', ['services']],
  ['svcs', ['services']],
  ['serv', ['services']],
  ['service', ['services']],
  ['bros', ['brothers']],
  ['assoc', ['associates']],
  ['mgmt', ['management']],
  ['natl', ['national']],
  ['ctr', ['center']],
  ['centre', ['center']],
  ['dept', ['department']],
  ['eng', ['engineering']],
  ['engr', ['engineering']],
  ['dist', ['distribution']],
  ['distrib', ['distribution']],
  ['elec', ['electric']],
  ['equip', ['equipment']],
  ['hosp', ['hospital']],
  ['univ', ['university']],
  ['gebr', ['gebruder']],
  ['hnos', ['hermanos']],
  ['flli', ['fratelli']],
  ['gebrueder', ['gebruder']],
  ['ing', ['ingenieur']],
  ['st', ['saint']],
  ['ste', ['sainte']],
  ['phu', ['przedsiebiorstwo', 'handlowo', 'uslugowe']],
  ['fhu', ['firma', 'handlowo', 'uslugowe']],
  ['pphu', ['przedsiebiorstwo', 'produkcyjno', 'handlowo', 'uslugowe']],
]);

/** A name's tokens with abbreviations written out. */
export function expandAbbreviations(tokens: readonly string[]): string[] {
  const out: string[] = [];
  for (const t of tokens) {
    const x = ABBREVIATIONS.get(t);
    if (x) out.push(...x);
    else out.push(t);
  }
  return out;
}

/** Words that name a kind of place or business, not which one (folded). */
export const GENERIC_WORDS = new Set(
  (
    'the a an der die das le la les il lo el los las de des du del della di van von zum zur ' +
    'restaurant restaurante restauracja ristorante trattoria pizzeria osteria gasthaus gaststatte gasthof wirtshaus ' +
    'cafe bar pub inn hotel pension bistro brasserie taverna kneipe ' +
    'center zentrum centrum werk werke filiale branch store shop shops laden geschaft markt ' +
    'group gruppe groupe gruppo grupo holding company services ' +
    'kita kindergarten kindertagesstatte praxis apotheke pharmacy pharmacie farmacia ' +
    'verband verein stiftung stichting fundacion fondazione association ' +
    'hauptsitz headquarters hq zentrale niederlassung standort site location ' +
    'boulangerie patisserie backerei bakkerij panaderia piekarnia ' +
    'stadtwerke gemeindewerke pension evangelische katholische genossenschaft ' +
    // What a guide or a list adds to a restaurant's name: its kind and its cuisine.
    'grill deli delicatessen diner kitchen cuisine gourmet eatery steakhouse cantina tavern ' +
    'dining room original chinese italian french mexican japanese thai indian greek spanish ' +
    'american vietnamese korean'
  ).split(' '),
);

/** Words that name a trade or line of business (folded): two names that differ in one each
 *  ("Dreherei Keller" / "Fräserei Keller", "Müller Bau" / "Müller Elektro") are two businesses,
 *  however alike their letters; a name may add a trade to one it shares ("Bäckerei Müller" /
 *  "Müller Bäckerei & Konditorei"). German trades ending in -erei are found by their ending. */
const TRADE_WORDS = new Set(
  (
    'bau holzbau hochbau tiefbau elektro elektrik elektrotechnik sanitar heizung klima dach ' +
    'maler malerbetrieb fliesen glas metall metallbau stahlbau druck logistik transporte ' +
    'transport spedition technik maschinenbau werkzeugbau kfz autohaus reifen ' +
    'konditorei fleischer metzger friseur optik moebel mobel ' +
    'bakery butcher plumbing plumber electric electrical roofing painting construction ' +
    'landscaping trucking printing catering consulting software logistics machining ' +
    'boulangerie patisserie boucherie plomberie electricite menuiserie imprimerie ' +
    'panaderia carniceria fontaneria panificio macelleria idraulica tipografia ' +
    'bakkerij slagerij drukkerij piekarnia drukarnia'
  ).split(' '),
);

/** The outlets one hotel or one centre may hold side by side ("Café" and "Dining Room" of one
 *  hotel): two names that differ in one each are two outlets. */
const OUTLET_WORDS = new Set(
  'cafe bar grill dining restaurant bistro brasserie pub lounge deli diner steakhouse pizzeria club'.split(
    ' ',
  ),
);

/** A word that names a trade or an outlet: in the tables, or a German word of the trade's
 *  workshop ("Bäckerei", "Dreherei", "Schlosserei", "Gärtnerei"). */
export function isTradeWord(w: string): boolean {
  return TRADE_WORDS.has(w) || OUTLET_WORDS.has(w) || (w.length >= 7 && /(erei|rei)$/.test(w));
}
