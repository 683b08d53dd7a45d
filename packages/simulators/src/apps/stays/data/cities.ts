/** The cities Roamly lists stays in, with their neighbourhoods and where those sit on the map panel (percent). */

export interface Neighborhood {
  name: string;
  x: number;
  y: number;
}

export interface City {
  id: number;
  name: string;
  country: string;
  /** Lodging taxes, percent of the nights and cleaning. */
  taxPct: number;
  /** Generated listings' base nightly price range, in dollars. */
  priceRange: [number, number];
  /** The city's busy season, when generated listings charge more. */
  season: { name: string; starts: string; ends: string };
  tagline: string;
  neighborhoods: Neighborhood[];
}

export const CITIES: City[] = [
  {
    id: 1,
    name: 'Lisbon',
    country: 'Portugal',
    taxPct: 6,
    priceRange: [75, 260],
    season: { name: 'Summer', starts: '2026-06-15', ends: '2026-09-15' },
    tagline: 'Tiled hills, river light and pastéis de nata',
    neighborhoods: [
      { name: 'Alfama', x: 68, y: 58 },
      { name: 'Bairro Alto', x: 50, y: 55 },
      { name: 'Baixa', x: 58, y: 62 },
      { name: 'Graça', x: 66, y: 46 },
      { name: 'Príncipe Real', x: 46, y: 45 },
      { name: 'Campo de Ourique', x: 32, y: 44 },
      { name: 'Belém', x: 12, y: 74 },
      { name: 'Avenidas Novas', x: 52, y: 22 },
      { name: 'Cais do Sodré', x: 50, y: 68 },
      { name: 'Estrela', x: 38, y: 58 },
    ],
  },
  {
    id: 2,
    name: 'Porto',
    country: 'Portugal',
    taxPct: 6,
    priceRange: [75, 220],
    season: { name: 'Summer', starts: '2026-06-15', ends: '2026-09-15' },
    tagline: 'Port cellars, azulejos and the Douro at your door',
    neighborhoods: [
      { name: 'Ribeira', x: 56, y: 70 },
      { name: 'Foz do Douro', x: 8, y: 66 },
      { name: 'Bonfim', x: 72, y: 40 },
      { name: 'Cedofeita', x: 42, y: 38 },
      { name: 'Miragaia', x: 44, y: 66 },
      { name: 'Boavista', x: 26, y: 30 },
      { name: 'Baixa', x: 56, y: 50 },
      { name: 'Vila Nova de Gaia', x: 60, y: 86 },
    ],
  },
  {
    id: 3,
    name: 'Barcelona',
    country: 'Spain',
    taxPct: 10,
    priceRange: [90, 320],
    season: { name: 'Summer', starts: '2026-06-01', ends: '2026-09-15' },
    tagline: 'Gaudí, the Mediterranean and late dinners',
    neighborhoods: [
      { name: 'Gràcia', x: 48, y: 24 },
      { name: 'Eixample', x: 44, y: 44 },
      { name: 'Barceloneta', x: 66, y: 80 },
      { name: 'Poblenou', x: 82, y: 58 },
      { name: 'Sagrada Família', x: 62, y: 34 },
      { name: 'El Born', x: 62, y: 64 },
      { name: 'Gothic Quarter', x: 54, y: 66 },
      { name: 'Sant Antoni', x: 34, y: 58 },
      { name: 'Poble-sec', x: 30, y: 72 },
    ],
  },
  {
    id: 4,
    name: 'Seville',
    country: 'Spain',
    taxPct: 10,
    priceRange: [70, 240],
    season: { name: 'Feria', starts: '2026-04-15', ends: '2026-04-27' },
    tagline: 'Orange trees, flamenco and Moorish courtyards',
    neighborhoods: [
      { name: 'Santa Cruz', x: 58, y: 56 },
      { name: 'Triana', x: 24, y: 58 },
      { name: 'Alameda', x: 50, y: 28 },
      { name: 'Arenal', x: 42, y: 62 },
      { name: 'Macarena', x: 56, y: 14 },
      { name: 'Nervión', x: 80, y: 52 },
      { name: 'Los Remedios', x: 32, y: 80 },
    ],
  },
  {
    id: 5,
    name: 'Kyoto',
    country: 'Japan',
    taxPct: 8,
    priceRange: [80, 300],
    season: { name: 'Cherry blossom', starts: '2026-03-25', ends: '2026-04-12' },
    tagline: 'Temples, tea houses and quiet lanes',
    neighborhoods: [
      { name: 'Higashiyama', x: 72, y: 56 },
      { name: 'Nakagyō', x: 48, y: 48 },
      { name: 'Sakyō', x: 70, y: 24 },
      { name: 'Gion', x: 66, y: 52 },
      { name: 'Arashiyama', x: 8, y: 40 },
      { name: 'Shimogyō', x: 48, y: 70 },
      { name: 'Kamigyō', x: 46, y: 26 },
      { name: 'Fushimi', x: 60, y: 90 },
    ],
  },
  {
    id: 6,
    name: 'Reykjavik',
    country: 'Iceland',
    taxPct: 11,
    priceRange: [120, 420],
    season: { name: 'Midnight sun', starts: '2026-06-01', ends: '2026-08-31' },
    tagline: 'Northern lights, hot pools and black-sand shores',
    neighborhoods: [
      { name: 'Miðborg', x: 44, y: 44 },
      { name: 'Vesturbær', x: 26, y: 42 },
      { name: 'Hlíðar', x: 56, y: 52 },
      { name: 'Laugardalur', x: 66, y: 36 },
      { name: 'Seltjarnarnes', x: 8, y: 36 },
      { name: 'Skólavörðuholt', x: 48, y: 50 },
      { name: 'Mosfellsbær', x: 92, y: 14 },
      { name: 'Grafarholt', x: 86, y: 62 },
    ],
  },
];

export const AMENITIES: [name: string, category: string][] = [
  ['Wifi', 'Essentials'],
  ['Kitchen', 'Essentials'],
  ['Washer', 'Essentials'],
  ['Dryer', 'Essentials'],
  ['Air conditioning', 'Comfort'],
  ['Heating', 'Comfort'],
  ['Dedicated workspace', 'Comfort'],
  ['TV', 'Comfort'],
  ['Coffee maker', 'Kitchen'],
  ['Free parking', 'Getting there'],
  ['EV charger', 'Getting there'],
  ['Elevator', 'Getting there'],
  ['Step-free access', 'Accessibility'],
  ['Self check-in', 'Getting there'],
  ['Balcony', 'Outdoors'],
  ['Garden', 'Outdoors'],
  ['Pool', 'Outdoors'],
  ['Hot tub', 'Outdoors'],
  ['Crib', 'Family'],
  ['High chair', 'Family'],
];
