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
    'restaurant ristorante trattoria pizzeria osteria gasthaus gaststatte gasthof wirtshaus ' +
    'cafe bar pub inn hotel pension bistro brasserie taverna kneipe ' +
    'center zentrum centrum werk werke filiale branch store shop shops laden geschaft markt ' +
    'group gruppe groupe gruppo grupo holding company services ' +
    'kita kindergarten kindertagesstatte praxis apotheke pharmacy pharmacie farmacia ' +
    'verband verein stiftung stichting fundacion fondazione association ' +
    'hauptsitz headquarters hq zentrale niederlassung standort site location ' +
    'boulangerie patisserie backerei bakkerij panaderia piekarnia ' +
    'stadtwerke gemeindewerke pension evangelische katholische genossenschaft'
  ).split(' '),
);
