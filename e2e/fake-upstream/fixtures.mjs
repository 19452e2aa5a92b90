// Synthetic anime data for the fake upstream, in the real Jikan v4 record shape (compare
// /work/shared/jikan/recorded/jikanpy__anime-success.json). Titles and ids of well-known shows are
// real so searches read naturally; every score, count, synopsis and link here is invented.
//
// Everything is deterministic: no clock, no unseeded randomness. Image URLs depend on the origin the
// fake is reached at, so records are built per request with `animeById(id, { origin })`.
//
// The query functions at the bottom (searchAnime, topAnime, seasonNow, streamingSearch) hold the
// listing rules; the server only validates parameters and pages. Tests can call them to compute
// expectations, but the fake's own test asserts literal orders so the rules themselves are checked.

/** Port the README documents for `npm run fake-upstream`; used when no origin is given. */
export const DEFAULT_ORIGIN = 'http://127.0.0.1:4010';

/** The season /seasons/now reports, fixed so listings never depend on the machine's clock. */
export const CURRENT_SEASON = Object.freeze({ season: 'fall', year: 2025 });

// ---------------------------------------------------------------------------------------------
// Special ids
// ---------------------------------------------------------------------------------------------

export const ID_NARUTO = 20;
export const ID_NARUTO_SHIPPUUDEN = 1735;
export const ID_ONE_PIECE = 21; // Currently Airing since 1999, episodes null (as on MAL while airing)
export const ID_DEATH_NOTE = 1535; // long synopsis, "[Written by MAL Rewrite]", 3 streaming episodes
export const ID_FMA = 121;
export const ID_FMA_BROTHERHOOD = 5114; // highest-ranked TV show (rank 2)
export const ID_ATTACK_ON_TITAN = 16498; // popularity 1
export const ID_FRIEREN = 52991; // rank 1; synopsis credit "(Source: Crunchyroll)"
export const ID_SCI_FI = 1; // Cowboy Bebop, genre Sci-Fi (24)
export const ID_LONG_SYNOPSIS = ID_DEATH_NOTE;
export const ID_MOVIE = 32281; // Kimi no Na wa.; movies have season and year null, as in real Jikan
export const ID_OVA = 36106;
export const ID_ONA = 40351;
export const ID_SPECIAL = 2994;
export const ID_AIRING = ID_ONE_PIECE;
/** Airing, broadcast "Mondays at 00:05 (JST)": late Sunday night in the Americas (the schedule's zone tests). */
export const ID_MONDAY_0005 = 90102;
export const ID_UPCOMING = 90110; // Not yet aired, score/rank/episodes null
/** The null-heavy record: null English/Japanese titles, score, episodes, year, image URLs,
 *  trailer, synopsis, rating; empty genres/studios. Title is still non-empty. */
export const ID_NULLS = 90112;
/** approved: false. Listings hide it unless `unapproved` is passed (as Jikan does); by id it answers. */
export const ID_UNAPPROVED = 90109;
/** "Rx - Hentai", genre Hentai, TV, airing this season: shows up in /seasons/now and /anime. */
export const ID_ADULT = 90105;
/** "Rx - Hentai" OVA, finished, null English title. */
export const ID_ADULT_OVA = 90113;
/** "R+ - Mild Nudity", genres Comedy/Ecchi/Romance, theme Harem, TV airing this season. */
export const ID_ADULT_MILD = 90106;
/** PG-13, Harem only as a *theme* (that is where MAL files Harem), no adult genre. */
export const ID_HAREM_THEME = 90114;
/** PG-13 with genre "Girls Love" (MAL's current name for what older data called Yuri). */
export const ID_GIRLS_LOVE = 90115;
/** /anime/{id}/full answers 404, /anime/{id} answers 200: exercises the fallback. */
export const ID_BASIC_ONLY = 90116;
/** Image URLs point at /images/missing/<id>.png, which always 404s. */
export const ID_MISSING_IMAGE = 90117;
/** No record: both /anime/{id}/full and /anime/{id} answer 404. */
export const ID_NOT_FOUND = 999999;
/** Has no entry on the streaming provider (search finds nothing for its title). */
export const ID_NO_STREAMING = 19;
/** Streaming info lists 3 episodes for this one; most others list 12 (movies 1). */
export const ID_STREAMING_3_EPISODES = ID_DEATH_NOTE;
export const ID_STREAMING_12_EPISODES = ID_NARUTO;
/** Search term that matches nothing anywhere. */
export const Q_NO_RESULTS = 'zzz-no-such-anime';

// ---------------------------------------------------------------------------------------------
// Genre and company tables (MAL's real ids and names)
// ---------------------------------------------------------------------------------------------

// prettier-ignore
const GENRE_IDS = {
  Action: 1, Adventure: 2, Comedy: 4, Mystery: 7, Drama: 8, Ecchi: 9, Fantasy: 10, Hentai: 12,
  Horror: 14, Romance: 22, 'Sci-Fi': 24, 'Girls Love': 26, Sports: 30, 'Slice of Life': 36,
  Supernatural: 37, Suspense: 41, 'Award Winning': 46, Gourmet: 47,
  // themes
  Mythology: 6, Historical: 13, 'Martial Arts': 17, Mecha: 18, Music: 19, Parody: 20, School: 23,
  Space: 29, 'Super Power': 31, Harem: 35, Military: 38, Psychological: 40, Gore: 58, Isekai: 62,
  Iyashikei: 63, 'Time Travel': 78, 'Adult Cast': 50,
  // demographics
  Kids: 15, Shoujo: 25, Shounen: 27, Seinen: 42, Josei: 43,
};

/** Genre ids by name, for building `genres=` queries in tests. */
export const GENRES = Object.freeze({ ...GENRE_IDS });

// prettier-ignore
const COMPANY_IDS = {
  Sunrise: 14, Bones: 4, Madhouse: 11, 'Studio Pierrot': 1, 'Toei Animation': 18,
  'Kyoto Animation': 2, 'Production I.G': 10, 'Studio Ghibli': 21, 'Wit Studio': 858,
  MAPPA: 569, ufotable: 43, 'CoMix Wave Films': 291, 'White Fox': 314, 'A-1 Pictures': 56,
  'Kinema Citrus': 346, 'J.C.Staff': 7, 'Sunrise Beyond': 2210, 'Studio Deen': 37,
  'Tokyo Movie Shinsha': 6, 'Gainax': 6000, 'Tatsunoko Production': 103, Lerche: 456,
  'Studio Voln': 1418, 'Studio Bind': 1993, 'David Production': 287, Shaft: 44,
  // producers and licensors
  Aniplex: 17, 'TV Tokyo': 16, Dentsu: 53, Shueisha: 1365, 'Fuji TV': 169, 'Nippon TV': 1003,
  Kodansha: 1143, 'VIZ Media': 119, Funimation: 102, Crunchyroll: 1468, Bandai: 23,
  'Sentai Filmworks': 376, 'Pony Canyon': 62, 'Fake Upstream Films': 9001,
};

const slugForUrl = (name) => name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '');

function genreRef(name) {
  const id = GENRE_IDS[name];
  if (id === undefined) throw new Error(`fixtures: unknown genre "${name}"`);
  return {
    mal_id: id,
    type: 'anime',
    name,
    url: `https://myanimelist.net/anime/genre/${id}/${slugForUrl(name)}`,
  };
}

function companyRef(name) {
  const id = COMPANY_IDS[name];
  if (id === undefined) throw new Error(`fixtures: unknown company "${name}"`);
  return {
    mal_id: id,
    type: 'anime',
    name,
    url: `https://myanimelist.net/anime/producer/${id}/${slugForUrl(name)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Synopses
// ---------------------------------------------------------------------------------------------

const MAL_REWRITE = '[Written by MAL Rewrite]';

const SYNOPSES = {
  [ID_DEATH_NOTE]: [
    'Light Yagami is a top student who finds his days repetitive until a black notebook falls from the sky into his schoolyard. Its rules are simple and terrible: a person whose name is written inside will die, and the owner may choose how.',
    'Convinced he can cleanse the world of crime, Light begins a quiet campaign under the name "Kira." The deaths do not go unnoticed. A reclusive detective known only as L accepts the case and narrows the search with unsettling speed.',
    "What follows is a duel of wits fought through television broadcasts, false leads and borrowed identities, in which each side must hide its hand while reading the other's.",
    MAL_REWRITE,
  ].join('\n\n'),
  [ID_FMA_BROTHERHOOD]: [
    'Alchemy is governed by equivalent exchange: to gain something, something of equal value must be lost. Brothers Edward and Alphonse Elric learn this the hard way when their attempt to bring their mother back costs Edward a leg and Alphonse his entire body.',
    "Edward trades his arm to bind his brother's soul to a suit of armour. Years later, now a State Alchemist, he searches with Alphonse for the Philosopher's Stone, the one thing said to let alchemy ignore its own law.",
    'Their journey uncovers a conspiracy reaching to the top of the military, and the brothers must decide what they are willing to give in exchange for the truth.',
    MAL_REWRITE,
  ].join('\n\n'),
  [ID_ATTACK_ON_TITAN]: [
    'For a century humanity has lived behind three enormous walls, safe from the Titans that roam outside and devour people without reason. Eren Yeager has always found the walls a cage.',
    'When a colossal Titan breaches the outer wall, Eren watches his home fall. He swears to wipe every Titan from the earth and enlists with his friends Mikasa and Armin in the Survey Corps, the only soldiers who venture beyond the walls.',
    MAL_REWRITE,
  ].join('\n\n'),
  [ID_NARUTO]: [
    'Twelve years ago a powerful nine-tailed fox attacked the Hidden Leaf Village and was sealed inside a newborn boy. That boy, Naruto Uzumaki, grows up shunned by villagers who see only the beast.',
    "Loud, reckless and starved for recognition, Naruto dreams of becoming Hokage, the village's strongest ninja and leader. Assigned to a team with the brooding prodigy Sasuke and the sharp-witted Sakura, he sets out to prove everyone wrong.",
    MAL_REWRITE,
  ].join('\n\n'),
  [ID_ONE_PIECE]: [
    'Gol D. Roger, King of the Pirates, left behind a treasure called One Piece and a challenge to find it. Decades later, rubber-bodied Monkey D. Luffy sets sail to claim it and become the next Pirate King.',
    'Gathering an unlikely crew one island at a time, Luffy crosses the Grand Line in search of adventure, freedom and friends worth fighting for.',
    MAL_REWRITE,
  ].join('\n\n'),
  [ID_FRIEREN]: [
    "The elf mage Frieren and her companions defeated the Demon King and returned home to a hero's welcome. For her, the ten-year quest was a brief moment in a life measured in centuries.",
    'When her old friends age and pass away, Frieren realises how little she knew them, and sets out again to understand the people she travelled with.',
    '(Source: Crunchyroll)',
  ].join('\n\n'),
  [ID_SCI_FI]: [
    'In 2071 bounty hunters, called cowboys, chase criminals across the colonised solar system. Spike Spiegel and Jet Black scrape by aboard their ship, the Bebop, rarely catching anyone worth the fuel.',
    'Their crew grows to include a con artist, a genius hacker and a remarkably clever dog, each running from a past that keeps catching up.',
  ].join('\n\n'),
};

// ---------------------------------------------------------------------------------------------
// Record definitions (short keys, expanded by buildBase below)
// ---------------------------------------------------------------------------------------------
//
// id, title, en (title_english), ja, syn (title_synonyms), type, source, eps, status,
// from/to ('YYYY', 'YYYY-MM' or 'YYYY-MM-DD'), rating (short code), score, pop (MAL popularity
// rank: 1 = most members), g (genres), th (themes), d (demographics), st (studios), pr (producers),
// li (licensors), yt (trailer youtube id), bg (background), synopsis (override), gogo (streaming
// provider: false = absent; { episodes, dub }), img ('missing' | null), approved.

const RATINGS = {
  g: 'G - All Ages',
  pg: 'PG - Children',
  pg13: 'PG-13 - Teens 13 or older',
  r17: 'R - 17+ (violence & profanity)',
  // Jikan's rating=r query value means "R+", not "R - 17+": an oddity of its enum.
  r: 'R+ - Mild Nudity',
  rx: 'Rx - Hentai',
};

// One record per line reads as a table; prettier would explode it to ~1,300 lines.
// prettier-ignore
const DEFS = [
  // --- the Naruto family: distinct scores, popularity and titles so every sort differs ---
  { id: 20, title: 'Naruto', en: 'Naruto', ja: 'ナルト', type: 'TV', source: 'Manga', eps: 220, status: 'Finished Airing', from: '2002-10-03', to: '2007-02-08', rating: 'pg13', score: 8.01, pop: 8, g: ['Action', 'Adventure', 'Fantasy'], th: ['Martial Arts'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['TV Tokyo', 'Aniplex', 'Shueisha'], li: ['VIZ Media'], yt: 'fkNaruto001', gogo: { episodes: 12, dub: true }, rel: [['Sequel', 1735], ['Side Story', 442, 761]] },
  { id: 1735, title: 'Naruto: Shippuuden', en: 'Naruto Shippuden', ja: 'ナルト 疾風伝', syn: ['Naruto Hurricane Chronicles'], type: 'TV', source: 'Manga', eps: 500, status: 'Finished Airing', from: '2007-02-15', to: '2017-03-23', rating: 'pg13', score: 8.28, pop: 17, g: ['Action', 'Adventure', 'Fantasy'], th: ['Martial Arts'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['TV Tokyo', 'Aniplex'], li: ['VIZ Media'], yt: 'fkNaruto002', gogo: { episodes: 12, dub: true }, rel: [['Prequel', 20], ['Sequel', 34566], ['Side Story', 2472, 16870]] },
  { id: 34566, title: 'Boruto: Naruto Next Generations', en: 'Boruto: Naruto Next Generations', ja: 'BORUTO-ボルト- NARUTO NEXT GENERATIONS', type: 'TV', source: 'Manga', eps: 293, status: 'Finished Airing', from: '2017-04-05', to: '2023-03-26', rating: 'pg13', score: 6.06, pop: 106, g: ['Action', 'Adventure', 'Fantasy'], th: ['Martial Arts'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['TV Tokyo'], li: ['VIZ Media'], yt: null, rel: [['Prequel', 1735]] },
  { id: 442, title: 'Naruto Movie 1: Dai Katsugeki!! Yuki Hime Shinobu Houjou Dattebayo!', en: 'Naruto the Movie: Ninja Clash in the Land of Snow', ja: '劇場版 NARUTO 大活劇!雪姫忍法帖だってばよ!!', type: 'Movie', source: 'Manga', eps: 1, status: 'Finished Airing', from: '2004-08-21', to: '2004-08-21', rating: 'pg13', score: 7.12, pop: 1015, g: ['Action', 'Adventure', 'Fantasy'], th: ['Martial Arts'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['Aniplex'], li: ['VIZ Media'], rel: [['Parent Story', 20]] },
  { id: 2472, title: 'Naruto: Shippuuden Movie 1', en: 'Naruto Shippuden the Movie', ja: '劇場版 NARUTO -ナルト- 疾風伝', type: 'Movie', source: 'Manga', eps: 1, status: 'Finished Airing', from: '2007-08-04', to: '2007-08-04', rating: 'pg13', score: 7.29, pop: 1120, g: ['Action', 'Adventure', 'Fantasy'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['Aniplex'], li: ['VIZ Media'], rel: [['Parent Story', 1735]] },
  { id: 16870, title: 'The Last: Naruto the Movie', en: 'The Last: Naruto the Movie', ja: 'THE LAST -NARUTO THE MOVIE-', type: 'Movie', source: 'Manga', eps: 1, status: 'Finished Airing', from: '2014-12-06', to: '2014-12-06', rating: 'pg13', score: 7.78, pop: 400, g: ['Action', 'Romance'], th: ['Martial Arts'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['Aniplex'], li: ['VIZ Media'], yt: 'fkNaruto016', rel: [['Parent Story', 1735]] },
  { id: 761, title: 'Naruto: Takigakure no Shitou - Ore ga Eiyuu Dattebayo!', en: 'Naruto: The Lost Story - Mission: Protect the Waterfall Village!', ja: 'NARUTO 滝隠れの死闘 オレが英雄だってばよ!', type: 'OVA', source: 'Manga', eps: 1, status: 'Finished Airing', from: '2003-12-20', to: '2003-12-20', rating: 'pg13', score: 6.9, pop: 2500, g: ['Action', 'Adventure', 'Fantasy'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['Shueisha'], rel: [['Parent Story', 20]] },
  { id: 12979, title: 'Naruto SD: Rock Lee no Seishun Full-Power Ninden', en: 'Naruto Spin-Off: Rock Lee & His Ninja Pals', ja: 'NARUTO SD ロック・リーの青春フルパワー忍伝', type: 'TV', source: '4-koma manga', eps: 51, status: 'Finished Airing', from: '2012-04-03', to: '2013-03-26', rating: 'pg13', score: 7.04, pop: 4600, g: ['Action', 'Comedy'], th: ['Martial Arts', 'Parody'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['TV Tokyo'], li: ['VIZ Media'], gogo: { episodes: 3 } },
  // "Naruto" only in a synonym: the title search must look at titles[] too.
  { id: 90120, title: 'Konoha Hiden', en: null, ja: '木ノ葉秘伝', syn: ['Naruto Hiden: Konoha Chronicles'], type: 'ONA', source: 'Light novel', eps: 6, status: 'Finished Airing', from: '2021-05-01', to: '2021-06-05', rating: 'pg13', score: 6.71, pop: 3900, g: ['Action', 'Slice of Life'], d: ['Shounen'], st: ['Studio Pierrot'], gogo: { episodes: 3 } },

  // --- popular-search titles (SPEC §2 fixed popular searches) and classics ---
  { id: 21, title: 'One Piece', en: 'One Piece', ja: 'ONE PIECE', type: 'TV', source: 'Manga', eps: null, status: 'Currently Airing', from: '1999-10-20', to: null, rating: 'pg13', score: 8.72, pop: 20, g: ['Action', 'Adventure', 'Fantasy'], d: ['Shounen'], st: ['Toei Animation'], pr: ['Fuji TV', 'Shueisha'], li: ['Funimation', 'VIZ Media'], yt: 'fkOnePiece1', gogo: { episodes: 12, dub: true } },
  { id: 1535, title: 'Death Note', en: 'Death Note', ja: 'デスノート', type: 'TV', source: 'Manga', eps: 37, status: 'Finished Airing', from: '2006-10-04', to: '2007-06-27', rating: 'r17', score: 8.62, pop: 2, g: ['Supernatural', 'Suspense'], th: ['Psychological'], d: ['Shounen'], st: ['Madhouse'], pr: ['Nippon TV', 'Shueisha'], li: ['VIZ Media'], yt: 'fkDeathNote', bg: 'Death Note is adapted from the manga of the same name. This background text is invented for the fake upstream.', gogo: { episodes: 3, dub: true }, rel: [['Summary', 2994]] },
  { id: 2994, title: 'Death Note: Rewrite', en: 'Death Note: Relight', ja: 'デスノート リライト', type: 'Special', source: 'Manga', eps: 2, status: 'Finished Airing', from: '2007-08-31', to: '2008-08-22', rating: 'r17', score: 7.68, pop: 1000, g: ['Supernatural', 'Suspense'], th: ['Psychological'], d: ['Shounen'], st: ['Madhouse'], pr: ['Nippon TV'], gogo: { episodes: 2 }, rel: [['Full story', 1535]] },
  { id: 121, title: 'Fullmetal Alchemist', en: 'Fullmetal Alchemist', ja: '鋼の錬金術師', type: 'TV', source: 'Manga', eps: 51, status: 'Finished Airing', from: '2003-10-04', to: '2004-10-02', rating: 'pg13', score: 8.11, pop: 80, g: ['Action', 'Adventure', 'Drama', 'Fantasy'], th: ['Military'], d: ['Shounen'], st: ['Bones'], pr: ['Aniplex', 'Dentsu'], li: ['Funimation'], rel: [['Alternative version', 5114]] },
  { id: 5114, title: 'Fullmetal Alchemist: Brotherhood', en: 'Fullmetal Alchemist: Brotherhood', ja: '鋼の錬金術師 FULLMETAL ALCHEMIST', syn: ['Hagane no Renkinjutsushi: Fullmetal Alchemist'], type: 'TV', source: 'Manga', eps: 64, status: 'Finished Airing', from: '2009-04-05', to: '2010-07-04', rating: 'r17', score: 9.1, pop: 3, g: ['Action', 'Adventure', 'Drama', 'Fantasy', 'Award Winning'], th: ['Military'], d: ['Shounen'], st: ['Bones'], pr: ['Aniplex', 'Dentsu'], li: ['Funimation'], yt: 'fkFMABrothr', bg: 'Invented background: the series follows the manga more closely than the 2003 adaptation.', gogo: { episodes: 12, dub: true }, rel: [['Alternative version', 121]] },
  { id: 16498, title: 'Shingeki no Kyojin', en: 'Attack on Titan', ja: '進撃の巨人', syn: ['AoT', 'SnK'], type: 'TV', source: 'Manga', eps: 25, status: 'Finished Airing', from: '2013-04-07', to: '2013-09-29', rating: 'r17', score: 8.55, pop: 1, g: ['Action', 'Award Winning', 'Drama', 'Suspense'], th: ['Gore', 'Military'], d: ['Shounen'], st: ['Wit Studio'], pr: ['Kodansha', 'Pony Canyon'], li: ['Funimation'], yt: 'fkAttackTtn', gogo: { episodes: 12, dub: true } },
  { id: 36106, title: 'Shingeki no Kyojin: Lost Girls', en: 'Attack on Titan: Lost Girls', ja: '進撃の巨人 LOST GIRLS', type: 'OVA', source: 'Light novel', eps: 2, status: 'Finished Airing', from: '2017-12-08', to: '2018-04-09', rating: 'r17', score: 7.6, pop: 1400, g: ['Action', 'Drama'], th: ['Military'], d: ['Shounen'], st: ['Wit Studio'], pr: ['Kodansha'], gogo: { episodes: 2 } },
  { id: 223, title: 'Dragon Ball', en: 'Dragon Ball', ja: 'ドラゴンボール', type: 'TV', source: 'Manga', eps: 153, status: 'Finished Airing', from: '1986-02-26', to: '1989-04-19', rating: 'pg13', score: 7.98, pop: 190, g: ['Action', 'Adventure', 'Comedy', 'Fantasy'], th: ['Martial Arts'], d: ['Shounen'], st: ['Toei Animation'], pr: ['Fuji TV'], li: ['Funimation'], rel: [['Sequel', 813]] },
  { id: 813, title: 'Dragon Ball Z', en: 'Dragon Ball Z', ja: 'ドラゴンボールZ', type: 'TV', source: 'Manga', eps: 291, status: 'Finished Airing', from: '1989-04-26', to: '1996-01-31', rating: 'pg13', score: 8.19, pop: 95, g: ['Action', 'Adventure', 'Comedy', 'Fantasy'], th: ['Martial Arts', 'Super Power'], d: ['Shounen'], st: ['Toei Animation'], pr: ['Fuji TV'], li: ['Funimation'], gogo: { episodes: 12, dub: true }, rel: [['Prequel', 223]] },
  { id: 31964, title: 'Boku no Hero Academia', en: 'My Hero Academia', ja: '僕のヒーローアカデミア', type: 'TV', source: 'Manga', eps: 13, status: 'Finished Airing', from: '2016-04-03', to: '2016-06-26', rating: 'pg13', score: 7.86, pop: 6, g: ['Action'], th: ['School', 'Super Power'], d: ['Shounen'], st: ['Bones'], pr: ['Dentsu'], li: ['Funimation'], yt: 'fkMyHeroAca' },
  { id: 1, title: 'Cowboy Bebop', en: 'Cowboy Bebop', ja: 'カウボーイビバップ', type: 'TV', source: 'Original', eps: 26, status: 'Finished Airing', from: '1998-04-03', to: '1999-04-24', rating: 'r17', score: 8.75, pop: 43, g: ['Action', 'Award Winning', 'Sci-Fi'], th: ['Adult Cast', 'Space'], st: ['Sunrise'], pr: ['Bandai'], li: ['Funimation'], yt: 'fkBebop0001', gogo: { episodes: 12, dub: true }, rel: [['Side story', 5]] },
  { id: 5, title: 'Cowboy Bebop: Tengoku no Tobira', en: 'Cowboy Bebop: The Movie', ja: 'カウボーイビバップ 天国の扉', type: 'Movie', source: 'Original', eps: 1, status: 'Finished Airing', from: '2001-09-01', to: '2001-09-01', rating: 'r17', score: 8.38, pop: 660, g: ['Action', 'Sci-Fi'], th: ['Adult Cast', 'Space'], st: ['Sunrise'], pr: ['Bandai'], li: ['Sentai Filmworks'], rel: [['Parent story', 1]] },
  { id: 19, title: 'Monster', en: 'Monster', ja: 'モンスター', type: 'TV', source: 'Manga', eps: 74, status: 'Finished Airing', from: '2004-04-07', to: '2005-09-28', rating: 'r17', score: 8.88, pop: 115, g: ['Drama', 'Mystery', 'Suspense'], th: ['Adult Cast', 'Psychological'], d: ['Seinen'], st: ['Madhouse'], pr: ['Nippon TV'], li: ['VIZ Media'], gogo: false },
  { id: 30, title: 'Shinseiki Evangelion', en: 'Neon Genesis Evangelion', ja: '新世紀エヴァンゲリオン', type: 'TV', source: 'Original', eps: 26, status: 'Finished Airing', from: '1995-10-04', to: '1996-03-27', rating: 'pg13', score: 8.35, pop: 55, g: ['Action', 'Award Winning', 'Drama', 'Sci-Fi', 'Suspense'], th: ['Mecha', 'Psychological'], st: ['Gainax', 'Tatsunoko Production'], pr: ['TV Tokyo'] },
  // Recommended beside Evangelion in the recorded feed (RECOMMENDATION_FEED_PAIRS): real titles and dates
  { id: 227, title: 'FLCL', en: 'FLCL', ja: 'フリクリ', type: 'OVA', source: 'Original', eps: 6, status: 'Finished Airing', from: '2000-04-26', to: '2001-03-16', rating: 'pg13', score: 7.71, pop: 2440, g: ['Action', 'Comedy', 'Sci-Fi'], th: ['Mecha', 'Parody'], st: ['Gainax', 'Production I.G'], pr: ['TV Tokyo'] },
  { id: 35849, title: 'Darling in the FranXX', en: 'DARLING in the FRANXX', ja: 'ダーリン・イン・ザ・フランキス', type: 'TV', source: 'Original', eps: 24, status: 'Finished Airing', from: '2018-01-13', to: '2018-07-07', rating: 'pg13', score: 7.22, pop: 2450, g: ['Action', 'Drama', 'Romance', 'Sci-Fi'], th: ['Mecha'], st: ['A-1 Pictures'], pr: ['Aniplex'] },
  { id: 43, title: 'Koukaku Kidoutai', en: 'Ghost in the Shell', ja: '攻殻機動隊', type: 'Movie', source: 'Manga', eps: 1, status: 'Finished Airing', from: '1995-11-18', to: '1995-11-18', rating: 'r', score: 8.27, pop: 360, g: ['Action', 'Mystery', 'Sci-Fi', 'Suspense'], d: ['Seinen'], st: ['Production I.G'], pr: ['Bandai'] },
  { id: 47, title: 'Akira', en: 'Akira', ja: 'アキラ', type: 'Movie', source: 'Manga', eps: 1, status: 'Finished Airing', from: '1988-07-16', to: '1988-07-16', rating: 'r17', score: 8.16, pop: 230, g: ['Action', 'Award Winning', 'Horror', 'Sci-Fi', 'Supernatural'], th: ['Gore', 'Military'], d: ['Seinen'], st: ['Tokyo Movie Shinsha'], pr: ['Bandai'] },
  { id: 199, title: 'Sen to Chihiro no Kamikakushi', en: 'Spirited Away', ja: '千と千尋の神隠し', type: 'Movie', source: 'Original', eps: 1, status: 'Finished Airing', from: '2001-07-20', to: '2001-07-20', rating: 'pg', score: 8.77, pop: 35, g: ['Adventure', 'Award Winning', 'Supernatural'], st: ['Studio Ghibli'], pr: ['Dentsu'], yt: 'fkSpirited1' },
  { id: 32281, title: 'Kimi no Na wa.', en: 'Your Name.', ja: '君の名は。', type: 'Movie', source: 'Original', eps: 1, status: 'Finished Airing', from: '2016-08-26', to: '2016-08-26', rating: 'pg13', score: 8.83, pop: 15, g: ['Award Winning', 'Drama', 'Supernatural'], st: ['CoMix Wave Films'], pr: ['Fake Upstream Films'], li: ['Funimation'], yt: 'fkYourName1' },
  { id: 269, title: 'Bleach', en: 'Bleach', ja: 'ブリーチ', type: 'TV', source: 'Manga', eps: 366, status: 'Finished Airing', from: '2004-10-05', to: '2012-03-27', rating: 'pg13', score: 7.95, pop: 36, g: ['Action', 'Adventure', 'Supernatural'], d: ['Shounen'], st: ['Studio Pierrot'], pr: ['TV Tokyo', 'Dentsu'], li: ['VIZ Media'] },
  { id: 918, title: 'Gintama', en: 'Gintama', ja: '銀魂', type: 'TV', source: 'Manga', eps: 201, status: 'Finished Airing', from: '2006-04-04', to: '2010-03-25', rating: 'pg13', score: 8.94, pop: 280, g: ['Action', 'Comedy', 'Sci-Fi'], th: ['Historical', 'Parody'], d: ['Shounen'], st: ['Sunrise'], pr: ['TV Tokyo'], li: ['Sentai Filmworks'] },
  { id: 1575, title: 'Code Geass: Hangyaku no Lelouch', en: 'Code Geass: Lelouch of the Rebellion', ja: 'コードギアス 反逆のルルーシュ', type: 'TV', source: 'Original', eps: 25, status: 'Finished Airing', from: '2006-10-06', to: '2007-07-29', rating: 'r17', score: 8.7, pop: 28, g: ['Action', 'Award Winning', 'Drama', 'Sci-Fi'], th: ['Mecha', 'Military', 'School'], st: ['Sunrise'], pr: ['Bandai'], li: ['Funimation'] },
  { id: 2167, title: 'Clannad', en: 'Clannad', ja: 'クラナド', type: 'TV', source: 'Visual novel', eps: 23, status: 'Finished Airing', from: '2007-10-04', to: '2008-03-27', rating: 'pg13', score: 8.0, pop: 160, g: ['Drama', 'Romance', 'Supernatural'], th: ['School'], st: ['Kyoto Animation'], pr: ['Pony Canyon'], li: ['Sentai Filmworks'], rel: [['Sequel', 4181], ['Side story', 4059]] },
  // Clannad's franchise of four, as MyAnimeList links it (titles, dates and episodes real; scores invented).
  { id: 4059, title: 'Clannad: Mou Hitotsu no Sekai, Tomoyo-hen', en: 'Clannad: Another World, Tomoyo Chapter', ja: '-クラナド-　もうひとつの世界　智代編', type: 'Special', source: 'Visual novel', eps: 1, status: 'Finished Airing', from: '2008-07-16', to: '2008-07-16', rating: 'pg13', score: 7.93, pop: 754, g: ['Drama', 'Romance'], th: ['School'], st: ['Kyoto Animation'], rel: [['Parent story', 2167]] },
  { id: 4181, title: 'Clannad: After Story', en: 'Clannad: After Story', ja: 'CLANNAD〜AFTER STORY〜 クラナド アフターストーリー', type: 'TV', source: 'Visual novel', eps: 24, status: 'Finished Airing', from: '2008-10-03', to: '2009-03-27', rating: 'pg13', score: 8.2, pop: 108, g: ['Drama', 'Romance', 'Supernatural'], st: ['Kyoto Animation'], pr: ['Pony Canyon'], li: ['Sentai Filmworks'], rel: [['Prequel', 2167], ['Side story', 6351]] },
  // An R+ romance with the Ecchi genre (titles, dates and episodes real; score invented): what a
  // visitor's genre filter must never show.
  { id: 7593, title: 'Kiss x Sis (TV)', en: 'Kiss x Sis', ja: 'キスｘシス', type: 'TV', source: 'Manga', eps: 12, status: 'Finished Airing', from: '2010-04-04', to: '2010-06-20', rating: 'r', score: 6.6, pop: 1450, g: ['Comedy', 'Ecchi', 'Romance'], th: ['School'], d: ['Seinen'], st: ['Studio Deen'], gogo: false },
  { id: 6351, title: 'Clannad: After Story - Mou Hitotsu no Sekai, Kyou-hen', en: 'Clannad: After Story - Another World, Kyou Chapter', ja: 'クラナド　アフターストーリー　もうひとつの世界　杏編', type: 'Special', source: 'Visual novel', eps: 1, status: 'Finished Airing', from: '2009-07-01', to: '2009-07-01', rating: 'pg13', score: 7.78, pop: 877, g: ['Drama', 'Romance'], th: ['School'], st: ['Kyoto Animation'], rel: [['Parent story', 4181]] },
  { id: 4224, title: 'Toradora!', en: 'Toradora!', ja: 'とらドラ!', type: 'TV', source: 'Light novel', eps: 25, status: 'Finished Airing', from: '2008-10-02', to: '2009-03-26', rating: 'pg13', score: 8.06, pop: 45, g: ['Drama', 'Romance'], th: ['School'], st: ['J.C.Staff'], pr: ['Aniplex'], li: ['Sentai Filmworks'] },
  { id: 6045, title: 'Kimi ni Todoke', en: 'Kimi ni Todoke: From Me to You', ja: '君に届け', type: 'TV', source: 'Manga', eps: 25, status: 'Finished Airing', from: '2009-10-07', to: '2010-03-31', rating: 'pg13', score: 7.9, pop: 390, g: ['Romance'], th: ['School'], d: ['Shoujo'], st: ['Production I.G'], pr: ['Nippon TV'], li: ['Sentai Filmworks'] },
  { id: 9253, title: 'Steins;Gate', en: 'Steins;Gate', ja: 'シュタインズ・ゲート', type: 'TV', source: 'Visual novel', eps: 24, status: 'Finished Airing', from: '2011-04-06', to: '2011-09-14', rating: 'pg13', score: 9.07, pop: 13, g: ['Drama', 'Sci-Fi', 'Suspense'], th: ['Psychological', 'Time Travel'], st: ['White Fox'], pr: ['Pony Canyon'], li: ['Funimation'], yt: 'fkSteinsGt1', gogo: { episodes: 12, dub: true } },
  { id: 11061, title: 'Hunter x Hunter (2011)', en: 'Hunter x Hunter', ja: 'ハンター×ハンター', type: 'TV', source: 'Manga', eps: 148, status: 'Finished Airing', from: '2011-10-02', to: '2014-09-24', rating: 'pg13', score: 9.03, pop: 9, g: ['Action', 'Adventure', 'Fantasy'], d: ['Shounen'], st: ['Madhouse'], pr: ['Nippon TV', 'Shueisha'], li: ['VIZ Media'] },
  { id: 11757, title: 'Sword Art Online', en: 'Sword Art Online', ja: 'ソードアート・オンライン', type: 'TV', source: 'Light novel', eps: 25, status: 'Finished Airing', from: '2012-07-08', to: '2012-12-23', rating: 'pg13', score: 7.2, pop: 5, g: ['Action', 'Adventure', 'Fantasy', 'Romance'], th: ['Isekai'], st: ['A-1 Pictures'], pr: ['Aniplex'], li: ['Crunchyroll'] },
  { id: 13601, title: 'Psycho-Pass', en: 'Psycho-Pass', ja: 'サイコパス', type: 'TV', source: 'Original', eps: 22, status: 'Finished Airing', from: '2012-10-12', to: '2013-03-22', rating: 'r17', score: 8.33, pop: 70, g: ['Action', 'Sci-Fi', 'Suspense'], th: ['Psychological'], st: ['Production I.G'], pr: ['Fuji TV'], li: ['Funimation'] },
  { id: 20583, title: 'Haikyuu!!', en: 'Haikyu!!', ja: 'ハイキュー!!', type: 'TV', source: 'Manga', eps: 25, status: 'Finished Airing', from: '2014-04-06', to: '2014-09-21', rating: 'pg13', score: 8.44, pop: 60, g: ['Sports'], th: ['School'], d: ['Shounen'], st: ['Production I.G'], pr: ['Dentsu'], li: ['Sentai Filmworks'] },
  { id: 22319, title: 'Tokyo Ghoul', en: 'Tokyo Ghoul', ja: '東京喰種-トーキョーグール-', type: 'TV', source: 'Manga', eps: 12, status: 'Finished Airing', from: '2014-07-04', to: '2014-09-19', rating: 'r17', score: 7.79, pop: 12, g: ['Action', 'Fantasy', 'Horror'], th: ['Gore', 'Psychological'], d: ['Seinen'], st: ['Studio Pierrot'], pr: ['Pony Canyon'], li: ['Funimation'] },
  { id: 30276, title: 'One Punch Man', en: 'One Punch Man', ja: 'ワンパンマン', type: 'TV', source: 'Web manga', eps: 12, status: 'Finished Airing', from: '2015-10-05', to: '2015-12-21', rating: 'r17', score: 8.49, pop: 4, g: ['Action', 'Comedy'], th: ['Adult Cast', 'Parody', 'Super Power'], d: ['Seinen'], st: ['Madhouse'], pr: ['TV Tokyo'], li: ['VIZ Media'], yt: 'fkOnePunch1' },
  { id: 32182, title: 'Mob Psycho 100', en: 'Mob Psycho 100', ja: 'モブサイコ100', type: 'TV', source: 'Web manga', eps: 12, status: 'Finished Airing', from: '2016-07-12', to: '2016-09-27', rating: 'pg13', score: 8.48, pop: 66, g: ['Action', 'Comedy', 'Supernatural'], th: ['Super Power'], st: ['Bones'], pr: ['Dentsu'], li: ['Crunchyroll'] },
  { id: 33352, title: 'Violet Evergarden', en: 'Violet Evergarden', ja: 'ヴァイオレット・エヴァーガーデン', type: 'TV', source: 'Light novel', eps: 13, status: 'Finished Airing', from: '2018-01-11', to: '2018-04-05', rating: 'pg13', score: 8.68, pop: 68, g: ['Award Winning', 'Drama', 'Fantasy'], st: ['Kyoto Animation'], pr: ['Pony Canyon'] },
  { id: 34599, title: 'Made in Abyss', en: 'Made in Abyss', ja: 'メイドインアビス', type: 'TV', source: 'Web manga', eps: 13, status: 'Finished Airing', from: '2017-07-07', to: '2017-09-29', rating: 'r17', score: 8.65, pop: 110, g: ['Adventure', 'Drama', 'Fantasy', 'Mystery', 'Sci-Fi'], th: ['Gore'], st: ['Kinema Citrus'], pr: ['Kodansha'], li: ['Sentai Filmworks'] },
  { id: 37521, title: 'Vinland Saga', en: 'Vinland Saga', ja: 'ヴィンランド・サガ', type: 'TV', source: 'Manga', eps: 24, status: 'Finished Airing', from: '2019-07-08', to: '2019-12-30', rating: 'r17', score: 8.75, pop: 50, g: ['Action', 'Adventure', 'Drama'], th: ['Gore', 'Historical'], d: ['Seinen'], st: ['Wit Studio'], pr: ['Kodansha'] },
  { id: 38000, title: 'Kimetsu no Yaiba', en: 'Demon Slayer: Kimetsu no Yaiba', ja: '鬼滅の刃', type: 'TV', source: 'Manga', eps: 26, status: 'Finished Airing', from: '2019-04-06', to: '2019-09-28', rating: 'r17', score: 8.45, pop: 10, g: ['Action', 'Award Winning', 'Fantasy'], th: ['Historical'], d: ['Shounen'], st: ['ufotable'], pr: ['Aniplex', 'Shueisha'], li: ['Aniplex'], yt: 'fkDemonSly1' },
  { id: 40748, title: 'Jujutsu Kaisen', en: 'Jujutsu Kaisen', ja: '呪術廻戦', type: 'TV', source: 'Manga', eps: 24, status: 'Finished Airing', from: '2020-10-03', to: '2021-03-27', rating: 'r17', score: 8.56, pop: 11, g: ['Action', 'Award Winning', 'Supernatural'], th: ['School'], d: ['Shounen'], st: ['MAPPA'], pr: ['Shueisha'], li: ['Crunchyroll'] },
  { id: 44511, title: 'Chainsaw Man', en: 'Chainsaw Man', ja: 'チェンソーマン', type: 'TV', source: 'Manga', eps: 12, status: 'Finished Airing', from: '2022-10-12', to: '2022-12-28', rating: 'r17', score: 8.47, pop: 25, g: ['Action', 'Fantasy'], th: ['Gore'], d: ['Shounen'], st: ['MAPPA'], pr: ['Shueisha'], li: ['Crunchyroll'] },
  { id: 52991, prem: ['fall', 2023], title: 'Sousou no Frieren', en: "Frieren: Beyond Journey's End", ja: '葬送のフリーレン', type: 'TV', source: 'Manga', eps: 28, status: 'Finished Airing', from: '2023-09-29', to: '2024-03-22', rating: 'pg13', score: 9.3, pop: 120, g: ['Adventure', 'Drama', 'Fantasy'], d: ['Shounen'], st: ['Madhouse'], pr: ['Aniplex', 'Dentsu'], li: ['Crunchyroll'], yt: 'fkFrieren01' },
  { id: 457, title: 'Mushishi', en: 'Mushi-Shi', ja: '蟲師', type: 'TV', source: 'Manga', eps: 26, status: 'Finished Airing', from: '2005-10-23', to: '2006-06-19', rating: 'pg13', score: 8.67, pop: 204, g: ['Adventure', 'Fantasy', 'Mystery', 'Slice of Life', 'Supernatural'], th: ['Historical', 'Iyashikei'], d: ['Seinen'], st: ['Studio Deen'], pr: ['Pony Canyon'], li: ['Funimation'], rel: [['Sequel', 21939]] },
  { id: 21939, title: 'Mushishi Tokubetsu-hen: Hihamukage', en: 'Mushi-Shi: Next Passage - The Shadow That Devours the Sun', ja: '蟲師 特別篇「日蝕む翳」', type: 'Special', source: 'Manga', eps: 1, status: 'Finished Airing', from: '2014-01-04', to: '2014-01-04', rating: 'pg13', score: 8.4, pop: 2700, g: ['Adventure', 'Fantasy', 'Mystery', 'Slice of Life'], th: ['Iyashikei'], d: ['Seinen'], st: ['Studio Deen'], pr: ['Pony Canyon'], rel: [['Prequel', 457]] },
  { id: 40351, title: 'Pokemon: Hakumei no Tsubasa', en: 'Pokémon: Twilight Wings', ja: 'ポケモン 薄明の翼', type: 'ONA', source: 'Game', eps: 8, status: 'Finished Airing', from: '2020-01-15', to: '2020-08-28', rating: 'pg', score: 7.55, pop: 3100, g: ['Adventure', 'Fantasy'], d: ['Kids'], st: ['Studio Bind'], pr: ['Fake Upstream Films'] },

  // --- the current season (fall 2025) ---
  { id: 90101, title: 'Hoshi no Kartographer', en: 'Stellar Cartographers', ja: '星のカルトグラファー', type: 'TV', source: 'Original', eps: 12, status: 'Currently Airing', from: '2025-10-03', to: null, rating: 'pg13', score: 7.84, pop: 1850, g: ['Adventure', 'Sci-Fi'], th: ['Space'], st: ['Sunrise Beyond'], pr: ['Bandai'], li: ['Crunchyroll'], yt: 'fkStellar01', gogo: { episodes: 3 } },
  { id: 90102, title: 'Tsukiyo no Pan-ya', en: 'Moonlit Bakery', ja: '月夜のパン屋', type: 'TV', source: 'Manga', eps: 12, bc: ['Mondays', '00:05'], status: 'Currently Airing', from: '2025-10-05', to: null, rating: 'g', score: 7.31, pop: 2410, g: ['Gourmet', 'Slice of Life'], th: ['Iyashikei'], d: ['Josei'], st: ['Lerche'], pr: ['Pony Canyon'] },
  { id: 90103, title: 'Tetsu no Renge', en: 'Iron Lotus', ja: '鉄の蓮華', type: 'TV', source: 'Manga', eps: 24, status: 'Currently Airing', from: '2025-10-02', to: null, rating: 'r17', score: 8.12, pop: 1320, g: ['Action', 'Drama'], th: ['Martial Arts', 'Historical'], d: ['Seinen'], st: ['MAPPA'], pr: ['Dentsu'], li: ['Crunchyroll'], gogo: { episodes: 3 } },
  { id: 90104, title: 'Kaze no Yuubinya', en: null, ja: '風の郵便屋', type: 'TV', source: 'Light novel', eps: null, status: 'Currently Airing', from: '2025-10-09', to: null, rating: 'pg13', score: null, pop: 5200, g: ['Adventure', 'Fantasy'], st: ['Studio Voln'], gogo: { episodes: 3 } },
  { id: ID_ADULT, title: 'Akai Yokujou', en: 'Crimson Bathhouse', ja: '赤い浴場', type: 'TV', source: 'Original', eps: 8, status: 'Currently Airing', from: '2025-10-07', to: null, rating: 'rx', score: 6.2, pop: 8800, g: ['Hentai'], st: ['Studio Voln'], gogo: false },
  { id: ID_ADULT_MILD, title: 'Natsu no Ryou', en: 'Summer Dorm Days', ja: '夏の寮', type: 'TV', source: 'Light novel', eps: 12, status: 'Currently Airing', from: '2025-10-04', to: null, rating: 'r', score: 6.88, pop: 6100, g: ['Comedy', 'Ecchi', 'Romance'], th: ['Harem', 'School'], st: ['Studio Bind'], pr: ['Fake Upstream Films'], gogo: { episodes: 3 } },
  { id: 90107, title: 'Yoru no Toshokan', en: 'Night Library', ja: '夜の図書館', type: 'ONA', source: 'Original', eps: 10, status: 'Currently Airing', from: '2025-10-10', to: null, rating: 'pg13', score: 7.02, pop: 4100, g: ['Mystery', 'Supernatural'], st: ['Lerche'], gogo: { episodes: 3 }, rel: [['Side story', ID_ADULT_OVA]] },
  { id: ID_UNAPPROVED, title: 'Mirai Senshi Zeta', en: null, ja: null, type: 'TV', source: 'Original', eps: 12, status: 'Currently Airing', from: '2025-10-06', to: null, rating: 'pg13', score: null, pop: null, g: ['Action', 'Sci-Fi'], th: ['Mecha'], st: [], approved: false, gogo: false },

  // --- upcoming ---
  { id: ID_UPCOMING, title: 'Kuon no Sora', en: 'Dawn of the Ninth Sky', ja: '久遠の空', type: 'TV', source: 'Original', eps: null, status: 'Not yet aired', from: '2026-01-08', to: null, rating: 'pg13', score: null, pop: 3300, g: ['Action', 'Fantasy'], st: ['Wit Studio'], pr: ['Pony Canyon'], yt: 'fkDawnNinth', gogo: false },
  { id: 90111, title: 'Shinobi Gakuen Zero', en: 'Ninja Academy Zero', ja: '忍学園ゼロ', type: 'Movie', source: 'Manga', eps: 1, status: 'Not yet aired', from: '2026', to: null, rating: 'pg13', score: null, pop: 9900, g: ['Action', 'Comedy'], th: ['Martial Arts', 'School'], d: ['Shounen'], st: ['Studio Pierrot'], gogo: false },
  {
    id: ID_NULLS, title: 'Project Kagerou', en: null, ja: null, type: 'ONA', source: 'Unknown', eps: null, status: 'Not yet aired', from: null, to: null, rating: null, score: null, pop: 15980, g: [], st: [], yt: null, img: null, synopsis: null, gogo: false,
  },

  // --- adult and borderline content ---
  { id: ID_ADULT_OVA, title: 'Velvet Midnight', en: null, ja: 'ベルベット・ミッドナイト', type: 'OVA', source: 'Visual novel', eps: 2, status: 'Finished Airing', from: '2019-03-29', to: '2019-06-28', rating: 'rx', score: 6.5, pop: 7600, g: ['Hentai'], st: ['Studio Voln'], gogo: false, rel: [['Parent story', 90107]] },
  { id: ID_HAREM_THEME, title: 'Koi to Harem no Houteishiki', en: 'The Harem Equation', ja: '恋とハーレムの方程式', type: 'TV', source: 'Light novel', eps: 12, status: 'Finished Airing', from: '2021-01-09', to: '2021-03-27', rating: 'pg13', score: 6.73, pop: 2200, g: ['Comedy', 'Romance'], th: ['Harem', 'School'], st: ['J.C.Staff'] },
  { id: ID_GIRLS_LOVE, title: 'Yuri no Sono', en: 'Garden of Lilies', ja: '百合の園', type: 'TV', source: 'Manga', eps: 12, status: 'Finished Airing', from: '2020-04-04', to: '2020-06-20', rating: 'pg13', score: 7.1, pop: 2950, g: ['Drama', 'Girls Love'], th: ['School'], st: ['Lerche'] },

  // --- behaviour fixtures ---
  { id: ID_BASIC_ONLY, title: 'Kagami no Shiro', en: 'Mirror Castle', ja: '鏡の城', type: 'TV', source: 'Novel', eps: 12, status: 'Finished Airing', from: '2018-07-07', to: '2018-09-22', rating: 'pg13', score: 7.45, pop: 2600, g: ['Fantasy', 'Mystery'], st: ['Shaft'] },
  { id: ID_MISSING_IMAGE, title: 'Hikari no Michi', en: 'Path of Light', ja: '光の道', type: 'Movie', source: 'Original', eps: 1, status: 'Finished Airing', from: '2020-11-13', to: '2020-11-13', rating: 'pg', score: 7.66, pop: 1750, g: ['Drama'], st: ['CoMix Wave Films'], img: 'missing' },
];

// ---------------------------------------------------------------------------------------------
// Builders
// ---------------------------------------------------------------------------------------------

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const DAYS = ['Sundays', 'Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays'];

function parseDate(value) {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return { year: y, month: m ?? null, day: d ?? null };
}

function isoOf(p) {
  if (!p) return null;
  const mm = String(p.month ?? 1).padStart(2, '0');
  const dd = String(p.day ?? 1).padStart(2, '0');
  return `${p.year}-${mm}-${dd}T00:00:00+00:00`;
}

function humanOf(p) {
  if (!p) return '?';
  if (p.month === null) return String(p.year);
  if (p.day === null) return `${MONTHS[p.month - 1]} ${p.year}`;
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`;
}

/** Jikan's `aired`: ISO from/to, a `prop` breakdown and MAL's display string. */
function buildAired(def) {
  const from = parseDate(def.from);
  const to = parseDate(def.to);
  let string;
  if (!from) string = 'Not available';
  else if (def.type === 'Movie' && def.from === def.to) string = humanOf(from);
  else if (!to) string = `${humanOf(from)} to ?`;
  else string = `${humanOf(from)} to ${humanOf(to)}`;
  const prop = (p) => ({ day: p?.day ?? null, month: p?.month ?? null, year: p?.year ?? null });
  return { from: isoOf(from), to: isoOf(to), prop: { from: prop(from), to: prop(to) }, string };
}

const SEASON_OF_MONTH = [
  'winter',
  'winter',
  'winter',
  'spring',
  'spring',
  'spring',
  'summer',
  'summer',
  'summer',
  'fall',
  'fall',
  'fall',
];

/** Jikan fills season/year from MAL's "Premiered" field, which only TV entries have; movies,
 *  OVAs and the like answer season: null and year: null even though they have an air date.
 *  `prem: [season, year]` gives MAL's value where the first air date's months would not. */
function premiered(def) {
  // MAL's own "Premiered" where it differs from the first air date's months (Frieren: fall 2023).
  if (def.prem && def.type === 'TV') return { season: def.prem[0], year: def.prem[1] };
  const from = parseDate(def.from);
  if (def.type !== 'TV' || !from || from.month === null) return { season: null, year: null };
  return { season: SEASON_OF_MONTH[from.month - 1], year: from.year };
}

function broadcastOf(def) {
  if (def.bc) {
    const [day, time] = def.bc;
    return { day, time, timezone: 'Asia/Tokyo', string: `${day} at ${time} (JST)` };
  }
  const from = parseDate(def.from);
  if (def.type !== 'TV' || !from || from.day === null) {
    return { day: null, time: null, timezone: null, string: def.type === 'TV' ? null : 'Unknown' };
  }
  const weekday = new Date(Date.UTC(from.year, from.month - 1, from.day)).getUTCDay();
  const time = `${String(17 + (def.id % 7)).padStart(2, '0')}:${def.id % 2 ? '30' : '00'}`;
  return { day: DAYS[weekday], time, timezone: 'Asia/Tokyo', string: `${DAYS[weekday]} at ${time} (JST)` };
}

function durationOf(def) {
  if (def.source === 'Unknown') return 'Unknown';
  switch (def.type) {
    case 'Movie':
      return `${1 + (def.id % 2)} hr ${10 + (def.id % 47)} min`;
    case 'ONA':
      return `${12 + (def.id % 12)} min per ep`;
    case 'OVA':
      return `${26 + (def.id % 5)} min per ep`;
    case 'Special':
      return `${20 + (def.id % 25)} min`;
    default:
      return `${23 + (def.id % 2)} min per ep`;
  }
}

/** MAL's popularity is the rank by member count, so members fall as the popularity number grows. */
function membersOf(pop) {
  if (pop === null) return 212;
  return Math.round(3_900_000 / Math.pow(pop, 0.42));
}

function favoritesOf(members, score) {
  const ratio = score === null ? 0.001 : 0.004 + Math.max(0, score - 7) * 0.03;
  return Math.round(members * ratio);
}

export function slugify(text) {
  return String(text)
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function defaultSynopsis(def) {
  const name = def.en ?? def.title;
  const genre = (def.g[0] ?? 'story').toLowerCase();
  return `${name} is a ${def.type === 'Movie' ? 'film' : 'series'} in the fake upstream catalogue: a ${genre} tale invented for tests, with no spoilers because there is no plot. It exists so pages have text to show.`;
}

const NAMES_BY_ID = new Map(DEFS.map((d) => [d.id, d.title]));

/** The origin-independent part of each record; image URLs are added by `materialise`. */
function buildBase(def) {
  const approved = def.approved !== false;
  const titles = [{ type: 'Default', title: def.title }];
  for (const s of def.syn ?? []) titles.push({ type: 'Synonym', title: s });
  if (def.ja) titles.push({ type: 'Japanese', title: def.ja });
  if (def.en) titles.push({ type: 'English', title: def.en });

  const members = membersOf(def.pop);
  const { season, year } = premiered(def);
  const synopsis = 'synopsis' in def ? def.synopsis : (SYNOPSES[def.id] ?? defaultSynopsis(def));
  const slug = slugify(def.title);
  const relations = (def.rel ?? []).map(([relation, ...ids]) => ({
    relation,
    entry: ids.map((id) => ({
      mal_id: id,
      type: 'anime',
      name: NAMES_BY_ID.get(id),
      url: `https://myanimelist.net/anime/${id}/${slugForUrl(NAMES_BY_ID.get(id))}`,
    })),
  }));
  if (def.source === 'Manga' || def.source === 'Light novel' || def.source === 'Web manga') {
    relations.push({
      relation: 'Adaptation',
      entry: [
        {
          mal_id: 100000 + def.id,
          type: 'manga',
          name: def.title,
          url: `https://myanimelist.net/manga/${100000 + def.id}/${slugForUrl(def.title)}`,
        },
      ],
    });
  }
  const isNullHeavy = def.id === ID_NULLS;

  return {
    mal_id: def.id,
    url: `https://myanimelist.net/anime/${def.id}/${slugForUrl(def.title)}`,
    approved,
    titles,
    title: def.title,
    title_english: def.en ?? null,
    title_japanese: def.ja ?? null,
    title_synonyms: def.syn ?? [],
    type: def.type,
    source: def.source,
    episodes: def.eps,
    status: def.status,
    airing: def.status === 'Currently Airing',
    aired: buildAired(def),
    duration: durationOf(def),
    rating: def.rating ? RATINGS[def.rating] : null,
    score: def.score,
    scored_by: def.score === null ? null : Math.round(members * 0.62),
    rank: null, // filled in below from the score order
    popularity: def.pop,
    members,
    favorites: favoritesOf(members, def.score),
    synopsis,
    background: def.bg ?? null,
    season,
    year,
    broadcast: broadcastOf(def),
    producers: (def.pr ?? []).map(companyRef),
    licensors: (def.li ?? []).map(companyRef),
    studios: (def.st ?? []).map(companyRef),
    genres: def.g.map(genreRef),
    explicit_genres: [],
    themes: (def.th ?? []).map(genreRef),
    demographics: (def.d ?? []).map(genreRef),
    // /full-only fields
    relations,
    theme: isNullHeavy
      ? { openings: [], endings: [] }
      : {
          openings: [`"${def.en ?? def.title} Opening" by The Fake Upstream Band`],
          endings: [`"Quiet Credits No.${(def.id % 9) + 1}" by Test Fixture Trio`],
        },
    external: isNullHeavy
      ? []
      : [
          { name: 'Official Site', url: `https://www.example.org/anime/${slug}` },
          {
            name: 'Wikipedia',
            url: `https://en.wikipedia.org/wiki/${encodeURIComponent((def.en ?? def.title).replace(/ /g, '_'))}`,
          },
        ],
    streaming:
      def.gogo === false || isNullHeavy
        ? []
        : [{ name: 'Crunchyroll', url: `https://www.crunchyroll.com/series/FAKE${def.id}/${slug}` }],
    // private, stripped before serving
    _def: def,
  };
}

const BASES = DEFS.map(buildBase);
const BASE_BY_ID = new Map(BASES.map((b) => [b.mal_id, b]));
if (BASE_BY_ID.size !== BASES.length) throw new Error('fixtures: duplicate mal_id');

// MAL ranks by score among approved, non-hentai, scored entries; derived here so it stays coherent.
BASES.filter((b) => b.approved && b.score !== null && b.rating !== RATINGS.rx)
  .sort((a, b) => b.score - a.score || b.scored_by - a.scored_by || a.mal_id - b.mal_id)
  .forEach((b, i) => {
    b.rank = i + 1;
  });

const FULL_ONLY = ['relations', 'theme', 'external', 'streaming'];

function imagesFor(base, origin) {
  const img = base._def.img;
  if (img === null) {
    const none = { image_url: null, small_image_url: null, large_image_url: null };
    return { jpg: { ...none }, webp: { ...none } };
  }
  const dir = img === 'missing' ? 'missing' : 'cover';
  const id = base.mal_id;
  // MAL serves .jpg and .webp with t/l suffixes for small/large; the fake serves PNG bytes for
  // all of them (browsers go by content-type), keeping MAL's suffix convention.
  const set = (ext) => ({
    image_url: `${origin}/images/${dir}/${id}.${ext}`,
    small_image_url: `${origin}/images/${dir}/${id}t.${ext}`,
    large_image_url: `${origin}/images/${dir}/${id}l.${ext}`,
  });
  return { jpg: set('png'), webp: set('png') };
}

function trailerFor(base, origin) {
  const yt = base._def.yt ?? null;
  if (!yt) {
    return {
      youtube_id: null,
      url: null,
      embed_url: null,
      images: {
        image_url: null,
        small_image_url: null,
        medium_image_url: null,
        large_image_url: null,
        maximum_image_url: null,
      },
    };
  }
  // Real trailer thumbnails live on img.youtube.com; the fake points them at itself so an offline
  // browser never tries the internet for them.
  const thumb = `${origin}/images/cover/${base.mal_id}.png`;
  return {
    youtube_id: yt,
    url: `https://www.youtube.com/watch?v=${yt}`,
    embed_url: `https://www.youtube.com/embed/${yt}?enablejsapi=1&wmode=opaque&autoplay=1`,
    images: {
      image_url: thumb,
      small_image_url: thumb,
      medium_image_url: thumb,
      large_image_url: thumb,
      maximum_image_url: thumb,
    },
  };
}

/** Turns a base record into what Jikan would send, in Jikan's key order. */
function materialise(base, origin, full) {
  const out = {};
  for (const [key, value] of Object.entries(base)) {
    if (key === '_def') continue;
    if (!full && FULL_ONLY.includes(key)) continue;
    if (key === 'approved') {
      // Jikan's key order: mal_id, url, images, trailer, approved, titles, ...
      out.images = imagesFor(base, origin);
      out.trailer = trailerFor(base, origin);
    }
    out[key] = structuredClone(value);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Public record access
// ---------------------------------------------------------------------------------------------

/**
 * The record for `id` as /anime/{id}/full (full: true, default) or /anime/{id} (full: false)
 * would send it, or undefined when there is none. Note ID_BASIC_ONLY has a record here; it is the
 * server that refuses its /full.
 */
export function animeById(id, { origin = DEFAULT_ORIGIN, full = true } = {}) {
  const base = BASE_BY_ID.get(Number(id));
  return base ? materialise(base, origin, full) : undefined;
}

/** Every record (full shape, DEFAULT_ORIGIN image URLs), in definition order. */
export const allAnime = Object.freeze(BASES.map((b) => Object.freeze(materialise(b, DEFAULT_ORIGIN, true))));

/** Internal: the listing record (basic shape) for a base, used by the server. */
export function toListItem(base, origin) {
  return materialise(base, origin, false);
}

// ---------------------------------------------------------------------------------------------
// Listing rules
// ---------------------------------------------------------------------------------------------

export const TYPE_VALUES = {
  tv: 'TV',
  movie: 'Movie',
  ova: 'OVA',
  special: 'Special',
  ona: 'ONA',
  music: 'Music',
  cm: 'CM',
  pv: 'PV',
  tv_special: 'TV Special',
};
export const STATUS_VALUES = {
  airing: 'Currently Airing',
  complete: 'Finished Airing',
  upcoming: 'Not yet aired',
};
export const RATING_VALUES = RATINGS;
export const ORDER_BY_VALUES = [
  'mal_id',
  'title',
  'type',
  'rating',
  'start_date',
  'end_date',
  'episodes',
  'score',
  'scored_by',
  'rank',
  'popularity',
  'members',
  'favorites',
];
export const TOP_FILTER_VALUES = ['airing', 'upcoming', 'bypopularity', 'favorite'];

const SORT_KEY = {
  mal_id: (b) => b.mal_id,
  title: (b) => b.title,
  type: (b) => b.type,
  rating: (b) => b.rating,
  start_date: (b) => b.aired.from,
  end_date: (b) => b.aired.to,
  episodes: (b) => b.episodes,
  score: (b) => b.score,
  scored_by: (b) => b.scored_by,
  rank: (b) => b.rank,
  popularity: (b) => b.popularity,
  members: (b) => b.members,
  favorites: (b) => b.favorites,
};

/** MongoDB ordering, which Jikan inherits: null sorts below every value (so first when
 *  ascending, last when descending) and strings compare by code unit, so "Naruto Movie" <
 *  "Naruto: Shippuuden" because ' ' < ':'. */
function compareValues(a, b) {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  return a < b ? -1 : 1;
}

function orderBy(list, key, direction) {
  const get = SORT_KEY[key];
  const sign = direction === 'desc' ? -1 : 1;
  // Ties fall back to mal_id ascending so pages never shuffle (real Jikan leaves ties unordered).
  return [...list].sort((a, b) => sign * compareValues(get(a), get(b)) || a.mal_id - b.mal_id);
}

const isHentai = (b) => b.rating === RATINGS.rx;
const allGenreIds = (b) =>
  [...b.genres, ...b.explicit_genres, ...b.themes, ...b.demographics].map((g) => g.mal_id);
const searchableTitles = (b) => [b.title, b.title_english, ...b.titles.map((t) => t.title)].filter(Boolean);

/** Relevance for q without order_by. Real Jikan ranks with its text index (fuzzy); the fake keeps
 *  it simple and predictable: exact title, then title prefix, then word prefix, then substring;
 *  within a tier the most popular first. */
function relevanceTier(b, needle) {
  const titles = searchableTitles(b).map((t) => t.toLowerCase());
  if (titles.some((t) => t === needle)) return 0;
  if (b.title.toLowerCase().startsWith(needle)) return 1;
  if (titles.some((t) => t.startsWith(needle) || t.includes(` ${needle}`))) return 2;
  return 3;
}

/**
 * GET /anime. Options are already validated: q, type ('tv'...), status ('airing'...), rating
 * ('pg13'...), genres / genresExclude (arrays of ids), minScore, maxScore, letter, orderBy, sort
 * ('asc' | 'desc', default 'asc'), sfw, unapproved. Returns base records, all pages.
 */
export function searchAnime(opts = {}) {
  const needle = opts.q ? String(opts.q).trim().toLowerCase() : '';
  let list = BASES.filter((b) => {
    if (!opts.unapproved && !b.approved) return false;
    if (opts.sfw && isHentai(b)) return false;
    if (needle && !searchableTitles(b).some((t) => t.toLowerCase().includes(needle))) return false;
    if (opts.type && b.type !== TYPE_VALUES[opts.type]) return false;
    if (opts.status && b.status !== STATUS_VALUES[opts.status]) return false;
    if (opts.rating && b.rating !== RATINGS[opts.rating]) return false;
    if (opts.letter && !b.title.toLowerCase().startsWith(String(opts.letter).toLowerCase())) return false;
    // Jikan ignores min_score=0 and max_score=10 so that a "full range" slider keeps unscored
    // entries; any other bound drops entries whose score is null.
    if (opts.minScore !== undefined && opts.minScore !== 0 && !(b.score !== null && b.score >= opts.minScore))
      return false;
    if (
      opts.maxScore !== undefined &&
      opts.maxScore !== 10 &&
      !(b.score !== null && b.score <= opts.maxScore)
    )
      return false;
    // start_date: aired from that date on; end_date: finished airing by that date (ISO prefixes).
    if (opts.startDate && !(b.aired.from && b.aired.from.slice(0, 10) >= opts.startDate)) return false;
    if (opts.endDate && !(b.aired.to && b.aired.to.slice(0, 10) <= opts.endDate)) return false;
    const ids = allGenreIds(b);
    // genres is AND across ids, each matched against genres, themes, demographics and explicit genres.
    if (opts.genres?.length && !opts.genres.every((g) => ids.includes(g))) return false;
    if (opts.genresExclude?.length && opts.genresExclude.some((g) => ids.includes(g))) return false;
    return true;
  });
  if (opts.orderBy) return orderBy(list, opts.orderBy, opts.sort ?? 'asc');
  if (needle) {
    list = [...list].sort(
      (a, b) =>
        relevanceTier(a, needle) - relevanceTier(b, needle) ||
        compareValues(a.popularity ?? Infinity, b.popularity ?? Infinity) ||
        a.mal_id - b.mal_id,
    );
    return list;
  }
  // No q and no order_by: Jikan returns its natural (mal_id) order.
  return orderBy(list, 'mal_id', opts.sort ?? 'asc');
}

/**
 * GET /top/anime. Mirrors jikan-rest's repository: hentai (Rx) is always excluded from top lists;
 * no filter = ranked entries by rank; bypopularity = members desc; favorite = favorites desc;
 * airing = airing entries by score desc; upcoming = not yet aired by members desc.
 */
export function topAnime({ type, filter } = {}) {
  // Top lists always drop Rx, so the sfw flag changes nothing here.
  let list = BASES.filter((b) => b.approved && !isHentai(b));
  if (type) list = list.filter((b) => b.type === TYPE_VALUES[type]);
  switch (filter) {
    case 'bypopularity':
      return orderBy(list, 'members', 'desc');
    case 'favorite':
      return orderBy(list, 'favorites', 'desc');
    case 'airing':
      return orderBy(
        list.filter((b) => b.airing && b.score !== null),
        'score',
        'desc',
      );
    case 'upcoming':
      return orderBy(
        list.filter((b) => b.status === STATUS_VALUES.upcoming),
        'members',
        'desc',
      );
    default:
      return orderBy(
        list.filter((b) => b.rank !== null),
        'rank',
        'asc',
      );
  }
}

/**
 * GET /seasons/now: entries that premiered in CURRENT_SEASON, members desc. `filter` is an entry
 * type. Unlike the top lists this keeps Rx entries unless sfw is set, and shows shows carried
 * over from earlier seasons only with the `continuing` flag, as Jikan does.
 */
export function seasonNow({ filter, sfw, unapproved, continuing } = {}) {
  const startMonth = { winter: 1, spring: 4, summer: 7, fall: 10 }[CURRENT_SEASON.season];
  const inSeason = (b) => {
    const from = b.aired.prop.from;
    return (
      from.year === CURRENT_SEASON.year &&
      from.month !== null &&
      from.month >= startMonth &&
      from.month < startMonth + 3
    );
  };
  const list = BASES.filter((b) => {
    if (!unapproved && !b.approved) return false;
    if (sfw && isHentai(b)) return false;
    if (filter && b.type !== TYPE_VALUES[filter]) return false;
    return inSeason(b) || (continuing && b.airing);
  });
  return orderBy(list, 'members', 'desc');
}

const SCHEDULE_FILTERS = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'unknown',
  'other',
];
export const SCHEDULE_FILTER_VALUES = SCHEDULE_FILTERS;
const isKids = (b) => b.demographics.some((d) => d.name === 'Kids');

/**
 * GET /schedules: what is airing now, by the broadcast's (Japanese) weekday, members descending.
 * `filter` is a weekday, `unknown` (airing without a slot) or `other` (nothing here); without it,
 * every airing entry. `kids` true keeps only Kids entries, false drops them; absent, both. Like
 * /seasons/now it keeps Rx entries unless `sfw` is passed.
 */
export function schedules({ filter, kids, sfw, unapproved } = {}) {
  const list = BASES.filter((b) => {
    if (!b.airing) return false;
    if (!unapproved && !b.approved) return false;
    if (sfw && isHentai(b)) return false;
    if (kids === true && !isKids(b)) return false;
    if (kids === false && isKids(b)) return false;
    const day = b.broadcast.day?.toLowerCase().replace(/s$/, '') ?? null;
    if (filter === 'unknown') return day === null;
    if (filter === 'other') return false;
    return !filter || day === filter;
  });
  return orderBy(list, 'members', 'desc');
}

const ids = (list) => Object.freeze(list.map((b) => b.mal_id));

/** /top/anime with no parameters (by rank). */
export const TOP_IDS = ids(topAnime());
/** /top/anime?type=tv&filter=bypopularity, the app's default top call (SPEC §7). */
export const TOP_TV_BY_POPULARITY_IDS = ids(topAnime({ type: 'tv', filter: 'bypopularity' }));
/** /seasons/now with no parameters. */
export const SEASON_IDS = ids(seasonNow());
/** /seasons/now?filter=tv, the app's default seasonal call. */
export const SEASON_TV_IDS = ids(seasonNow({ filter: 'tv' }));
/** /anime?type=tv&order_by=popularity&sort=desc, the app's "popular" listing. Popularity is a rank
 *  (1 = most members), so sort=desc lists the *least* popular first, exactly as real Jikan does. */
export const POPULAR_TV_IDS = ids(searchAnime({ type: 'tv', orderBy: 'popularity', sort: 'asc' }));

/** Every id whose titles contain "naruto", in the orders the app's search sorts produce. */
export const NARUTO = Object.freeze({
  relevance: ids(searchAnime({ q: 'naruto' })),
  titleAsc: ids(searchAnime({ q: 'naruto', orderBy: 'title', sort: 'asc' })),
  scoreDesc: ids(searchAnime({ q: 'naruto', orderBy: 'score', sort: 'desc' })),
  popularityAsc: ids(searchAnime({ q: 'naruto', orderBy: 'popularity', sort: 'asc' })),
  popularityDesc: ids(searchAnime({ q: 'naruto', orderBy: 'popularity', sort: 'desc' })),
});

/** Internal: base records by id, for the server. */
export function baseById(id) {
  return BASE_BY_ID.get(Number(id));
}

// ---------------------------------------------------------------------------------------------
// Streaming provider (consumet-style gogoanime API)
// ---------------------------------------------------------------------------------------------

const STREAMING_STATUS = {
  'Finished Airing': 'Completed',
  'Currently Airing': 'Ongoing',
  'Not yet aired': 'Upcoming',
};

const STREAMING_ENTRIES = BASES.flatMap((b) => {
  const gogo = b._def.gogo;
  if (gogo === false || !b.approved) return [];
  const episodes = gogo?.episodes ?? (b.type === 'Movie' ? 1 : 12);
  const slug = slugify(b.title);
  const entry = { id: slug, base: b, title: b.title, subOrDub: 'sub', episodes };
  if (!gogo?.dub) return [entry];
  return [entry, { id: `${slug}-dub`, base: b, title: `${b.title} (Dub)`, subOrDub: 'dub', episodes }];
});
const STREAMING_BY_ID = new Map(STREAMING_ENTRIES.map((e) => [e.id, e]));

const releaseYear = (b) => b.aired.prop.from.year;

/** GET /anime/gogoanime/{query}: entries whose slugged title, English title or synonym contains
 *  the slugged query; exact slug first, then prefix, then the rest, subs before dubs. */
export function streamingSearch(query, origin = DEFAULT_ORIGIN) {
  const needle = slugify(query);
  if (!needle) return [];
  const tier = (e) => (e.id === needle ? 0 : e.id.startsWith(needle) ? 1 : 2);
  return STREAMING_ENTRIES.filter((e) =>
    [e.base.title, e.base.title_english, ...e.base.title_synonyms]
      .filter(Boolean)
      .some((t) => slugify(t).includes(needle)),
  )
    .sort((a, b) => tier(a) - tier(b) || compareValues(a.title, b.title))
    .map((e) => ({
      id: e.id,
      title: e.title,
      url: `${origin}/streaming/main/category/${e.id}`,
      image: `${origin}/images/cover/${e.base.mal_id}.png`,
      // The provider's search says "Released: 2002" where its info endpoint says "2002".
      releaseDate: releaseYear(e.base) ? `Released: ${releaseYear(e.base)}` : '',
      subOrDub: e.subOrDub,
    }));
}

/** GET /anime/gogoanime/info/{id}: the info shape from /work/shared/streaming/, or undefined. */
export function streamingInfo(id, origin = DEFAULT_ORIGIN) {
  const e = STREAMING_BY_ID.get(id);
  if (!e) return undefined;
  const b = e.base;
  const year = releaseYear(b);
  return {
    id: e.id,
    title: e.title,
    url: `/category/${e.id}`,
    genres: [...b.genres, ...b.themes, ...b.demographics].map((g) => g.name),
    totalEpisodes: e.episodes,
    image: `${origin}/images/cover/${b.mal_id}.png`,
    releaseDate: year ? String(year) : '',
    description: b.synopsis ?? '',
    subOrDub: e.subOrDub,
    type: b.season ? `${b.season.toUpperCase()} ${b.year} ANIME` : `${b.type.toUpperCase()}`,
    status: STREAMING_STATUS[b.status] ?? b.status,
    otherName: b.title_japanese ?? '',
    episodes: Array.from({ length: e.episodes }, (_, i) => ({
      id: `${e.id}-episode-${i + 1}`,
      number: i + 1,
      url: `${origin}/streaming/main/watch/${e.id}-episode-${i + 1}`,
    })),
  };
}

// ---------------------------------------------------------------------------------------------
// Translation
// ---------------------------------------------------------------------------------------------

/** Splits text the way Google's `dt=t` answer does: one segment per sentence, each keeping its
 *  trailing whitespace and newlines, so joining the segments rebuilds the text exactly. */
export function splitSentences(text) {
  const segments = [];
  let current = '';
  const flush = () => {
    // Whitespace on its own never makes a segment: it rides along with its neighbour.
    if (current.trim() || !segments.length) segments.push(current);
    else segments[segments.length - 1] += current;
    current = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    current += ch;
    const next = text[i + 1];
    const endsSentence = /[.!?]/.test(ch) && (next === undefined || /\s/.test(next));
    if (!endsSentence && ch !== '\n') continue;
    while (i + 1 < text.length && /\s/.test(text[i + 1])) current += text[++i];
    // Leading whitespace waits for the first real sentence.
    if (current.trim()) flush();
  }
  if (current) flush();
  return segments;
}

/** The fake's deterministic "translation": "[PT] " before every sentence. */
export function fakeTranslate(text) {
  return splitSentences(text)
    .map((s) => `[PT] ${s}`)
    .join('');
}

// ---------------------------------------------------------------------------------------------
// Recommendations (/anime/{id}/recommendations)
// ---------------------------------------------------------------------------------------------

/**
 * The user recommendations of MyAnimeList's recent feed (/recommendations/anime, recorded in
 * /work/shared/jikan/recorded/jikanpy__recommendations-success.json) whose two anime are both
 * records here: the feed's `mal_id` ("a-b") of each. The feed lists one pair per user, so a pair
 * recommended twice counts two votes. Nothing is added that the feed does not hold.
 */
export const RECOMMENDATION_FEED_PAIRS = Object.freeze([
  '30276-44511', // One Punch Man | Chainsaw Man
  '40748-44511', // Jujutsu Kaisen | Chainsaw Man
  '21-11061', // One Piece | Hunter x Hunter (2011)
  '269-38000', // Bleach | Kimetsu no Yaiba
  '40748-44511', // Jujutsu Kaisen | Chainsaw Man (a second user)
  '30-227', // Neon Genesis Evangelion | FLCL
  '30-35849', // Neon Genesis Evangelion | Darling in the FranXX
]);

const RECOMMENDATION_VOTES = (() => {
  /** @type {Map<number, Map<number, number>>} */
  const votes = new Map();
  const add = (from, to) => {
    const row = votes.get(from) ?? new Map();
    row.set(to, (row.get(to) ?? 0) + 1);
    votes.set(from, row);
  };
  for (const pair of RECOMMENDATION_FEED_PAIRS) {
    const [a, b] = pair.split('-').map(Number);
    if (!BASE_BY_ID.has(a) || !BASE_BY_ID.has(b))
      throw new Error(`fixtures: pair ${pair} names a missing record`);
    // MyAnimeList shows a recommendation on both anime's pages.
    add(a, b);
    add(b, a);
  }
  return votes;
})();

/**
 * GET /anime/{id}/recommendations as Jikan answers it: `{ data: [{ entry, url, votes }] }`, most
 * votes first (ties by id), without pagination. An anime nobody recommended anything beside gets
 * an empty list; an unknown id gets undefined (the server answers 404).
 */
export function recommendationsById(id, origin = DEFAULT_ORIGIN) {
  const base = BASE_BY_ID.get(Number(id));
  if (!base) return undefined;
  const row = RECOMMENDATION_VOTES.get(base.mal_id) ?? new Map();
  return [...row]
    .sort(([idA, votesA], [idB, votesB]) => votesB - votesA || idA - idB)
    .map(([otherId, votes]) => {
      const other = BASE_BY_ID.get(otherId);
      const [low, high] = [base.mal_id, otherId].sort((x, y) => x - y);
      return {
        entry: {
          mal_id: other.mal_id,
          url: other.url,
          images: imagesFor(other, origin),
          title: other.title,
        },
        url: `https://myanimelist.net/recommendations/anime/${low}-${high}`,
        votes,
      };
    });
}

// ---------------------------------------------------------------------------------------------
// Characters and staff
// ---------------------------------------------------------------------------------------------

/**
 * /anime/{id}/characters and /anime/{id}/staff as Jikan recorded them (reactive-jikan's test
 * resources, api.jikan.moe/v4/anime/11757/characters and /staff). Only anime with a recording have
 * a cast here; every other record answers an empty list, as Jikan does for an anime with none.
 */
const CHARACTERS_BY_ID = new Map([
  // prettier-ignore
  [11757, [{"character": {"mal_id": 36765, "url": "https://myanimelist.net/character/36765/Kazuto_Kirigaya", "images": {"jpg": {"image_url": "https://cdn.myanimelist.net/images/characters/7/204821.jpg?s=6a96a832b35d0ff3af9292bdb082546e"}, "webp": {"image_url": "https://cdn.myanimelist.net/images/characters/7/204821.webp?s=6a96a832b35d0ff3af9292bdb082546e", "small_image_url": "https://cdn.myanimelist.net/images/characters/7/204821t.webp?s=6a96a832b35d0ff3af9292bdb082546e"}}, "name": "Kirigaya, Kazuto"}, "role": "Main", "voice_actors": [{"person": {"mal_id": 732, "url": "https://myanimelist.net/people/732/Bryce_Papenbrook", "images": {"jpg": {"image_url": "https://cdn.myanimelist.net/images/voiceactors/3/29853.jpg?s=c0dded60545804ead1a1300c69236bce"}}, "name": "Papenbrook, Bryce"}, "language": "English"}, {"person": {"mal_id": 11817, "url": "https://myanimelist.net/people/11817/Yoshitsugu_Matsuoka", "images": {"jpg": {"image_url": "https://cdn.myanimelist.net/images/voiceactors/2/40132.jpg?s=1c7f44d53fe3c1641b79ca5104dd7caa"}}, "name": "Matsuoka, Yoshitsugu"}, "language": "Japanese"}]}]],
]);
const STAFF_BY_ID = new Map([
  // prettier-ignore
  [11757, [{"person": {"mal_id": 14031, "url": "https://myanimelist.net/people/14031/Atsuhiro_Iwakami", "images": {"jpg": {"image_url": "https://cdn.myanimelist.net/images/voiceactors/1/29425.jpg?s=73e16490c97fd63059f2eb3ffdd82f72"}}, "name": "Iwakami, Atsuhiro"}, "positions": ["Producer"]}]],
]);

/** The characters (`kind: 'characters'`) or staff of `id`, or undefined when there is no such anime. */
export function animeExtras(id, kind) {
  if (!BASE_BY_ID.has(Number(id))) return undefined;
  const recorded = (kind === 'characters' ? CHARACTERS_BY_ID : STAFF_BY_ID).get(Number(id));
  return structuredClone(recorded ?? []);
}

// ---------------------------------------------------------------------------------------------
// Season archive, genres and people
// ---------------------------------------------------------------------------------------------

const SEASON_START_MONTH = { winter: 1, spring: 4, summer: 7, fall: 10 };
export const SEASON_NAMES = Object.freeze(Object.keys(SEASON_START_MONTH));

/**
 * GET /seasons/{year}/{season}: TV entries whose `season`/`year` (MAL's "Premiered") name it, and
 * other types that first aired in its months, members descending. Like /seasons/now it keeps Rx
 * entries unless `sfw` is passed.
 */
export function seasonArchive({ year, season, filter, sfw, unapproved } = {}) {
  const startMonth = SEASON_START_MONTH[season];
  const list = BASES.filter((b) => {
    if (!unapproved && !b.approved) return false;
    if (sfw && isHentai(b)) return false;
    if (filter && b.type !== TYPE_VALUES[filter]) return false;
    if (b.season) return b.season === season && b.year === year;
    const from = b.aired.prop.from;
    return (
      from.year === year && from.month !== null && from.month >= startMonth && from.month < startMonth + 3
    );
  });
  return orderBy(list, 'members', 'desc');
}

// GET /genres/anime as Jikan recorded it (reactive-jikan's getAnimeGenres.json): id, name, count.
// prettier-ignore
const GENRE_LIST = [[1, "Action", 4447], [2, "Adventure", 3690], [5, "Avant Garde", 660], [46, "Award Winning", 175], [28, "Boys Love", 163], [4, "Comedy", 6898], [8, "Drama", 2792], [10, "Fantasy", 4930], [26, "Girls Love", 108], [47, "Gourmet", 124], [14, "Horror", 509], [7, "Mystery", 799], [22, "Romance", 1998], [24, "Sci-Fi", 2932], [36, "Slice of Life", 1864], [30, "Sports", 725], [37, "Supernatural", 1530], [41, "Suspense", 200], [9, "Ecchi", 791], [49, "Erotica", 44], [12, "Hentai", 1460], [50, "Adult Cast", 379], [51, "Anthropomorphic", 718], [52, "CGDCT", 189], [53, "Childcare", 56], [54, "Combat Sports", 87], [81, "Crossdressing", 34], [55, "Delinquents", 45], [39, "Detective", 263], [56, "Educational", 235], [57, "Gag Humor", 218], [58, "Gore", 141], [35, "Harem", 403], [59, "High Stakes Game", 36], [13, "Historical", 1413], [60, "Idols (Female)", 256], [61, "Idols (Male)", 123], [62, "Isekai", 264], [63, "Iyashikei", 182], [64, "Love Polygon", 74], [65, "Magical Sex Shift", 26], [66, "Mahou Shoujo", 238], [17, "Martial Arts", 534], [18, "Mecha", 1205], [67, "Medical", 36], [38, "Military", 664], [19, "Music", 3002], [6, "Mythology", 590], [68, "Organized Crime", 64], [69, "Otaku Culture", 68], [20, "Parody", 715], [70, "Performing Arts", 88], [71, "Pets", 84], [40, "Psychological", 398], [3, "Racing", 176], [72, "Reincarnation", 98], [73, "Reverse Harem", 63], [74, "Romantic Subtext", 45], [21, "Samurai", 215], [23, "School", 1867], [75, "Showbiz", 28], [29, "Space", 533], [11, "Strategy Game", 311], [31, "Super Power", 626], [76, "Survival", 62], [77, "Team Sports", 292], [78, "Time Travel", 119], [32, "Vampire", 148], [79, "Video Game", 128], [80, "Visual Arts", 80], [48, "Workplace", 143], [43, "Josei", 103], [15, "Kids", 5737], [42, "Seinen", 888], [25, "Shoujo", 682], [27, "Shounen", 2100]];

export function genresAnime() {
  return GENRE_LIST.map(([mal_id, name, count]) => ({
    mal_id,
    name,
    url: `https://myanimelist.net/anime/genre/${mal_id}/${slugForUrl(name)}`,
    count,
  }));
}

/** The voice actor the cast recording names for Kirito (SAO 11757): Yoshitsugu Matsuoka. */
export const ID_PERSON = 11817;
/** An anime id no record here has: its age rating is unknown to the app (withheld from visitors). */
export const ID_PERSON_UNKNOWN_ANIME = 28121;

// People in Jikan's /people/{id}/full shape (openapi.json person_full). Names, ids and the SAO and
// Kimetsu roles are real; the R+ role on an invented fixture is invented, for the adult gate.
const PEOPLE = new Map([
  [
    ID_PERSON,
    {
      name: 'Yoshitsugu Matsuoka',
      given_name: '禎丞',
      family_name: '松岡',
      alternate_names: ['Matsuoka Yoshitsugu'],
      birthday: '1986-09-17T00:00:00+00:00',
      favorites: 36000,
      about: null,
      voices: [
        [11757, 'Main', 36765, 'Kirigaya, Kazuto'],
        [38000, 'Main', 146157, 'Hashibira, Inosuke'],
        [ID_ADULT_MILD, 'Main', 9000001, 'Natsu, Kaito'],
        [
          ID_PERSON_UNKNOWN_ANIME,
          'Main',
          53123,
          'Cranel, Bell',
          'Dungeon ni Deai wo Motomeru no wa Machigatteiru Darou ka',
        ],
      ],
      anime: [[11757, 'Theme Song Performance']],
    },
  ],
]);

function animeMeta(id, origin, fallbackTitle) {
  const base = BASES.find((b) => b.mal_id === id);
  const image = `${origin}/images/cover/${id}.png`;
  return {
    mal_id: id,
    url: `https://myanimelist.net/anime/${id}/${slugForUrl(base?.title ?? fallbackTitle ?? String(id))}`,
    images: {
      jpg: { image_url: image, small_image_url: image, large_image_url: image },
      webp: { image_url: image, small_image_url: image, large_image_url: image },
    },
    title: base?.title ?? fallbackTitle ?? null,
  };
}

/** GET /people/{id}/full, or undefined for an unknown id. */
export function personFull(id, { origin = DEFAULT_ORIGIN } = {}) {
  const person = PEOPLE.get(Number(id));
  if (!person) return undefined;
  const photo = `${origin}/images/cover/${id}.png`;
  return {
    mal_id: Number(id),
    url: `https://myanimelist.net/people/${id}/${slugForUrl(person.name)}`,
    website_url: null,
    images: { jpg: { image_url: photo } },
    name: person.name,
    given_name: person.given_name,
    family_name: person.family_name,
    alternate_names: person.alternate_names,
    birthday: person.birthday,
    favorites: person.favorites,
    about: person.about,
    anime: person.anime.map(([animeId, position]) => ({ position, anime: animeMeta(animeId, origin) })),
    manga: [],
    voices: person.voices.map(([animeId, role, characterId, characterName, animeTitle]) => ({
      role,
      anime: animeMeta(animeId, origin, animeTitle),
      character: {
        mal_id: characterId,
        url: `https://myanimelist.net/character/${characterId}/${slugForUrl(characterName)}`,
        images: { jpg: { image_url: null }, webp: { image_url: null, small_image_url: null } },
        name: characterName,
      },
    })),
  };
}
